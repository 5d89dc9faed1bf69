/**
 * Response headers of the hosted secure page (/secure/*), the card provider's page where the
 * PIN is typed and the card number shown (docs/card-program.md). Pure, so proxy.ts stays small and the
 * policy is unit-tested. Nothing here applies to the rest of the app.
 *
 * Why each source:
 * - script-src: only scripts carrying this response's nonce. Next reads the nonce from the
 *   request's Content-Security-Policy header and puts it on its framework scripts and inline
 *   flight data; 'strict-dynamic' lets those load the page's chunks (no host allow-list needed,
 *   and 'self' alone would not cover Next's inline bootstrap scripts). Development adds
 *   'unsafe-eval': React rebuilds server error stacks with eval there (Next's CSP guide).
 * - style-src: Next's stylesheets are 'self'; the theme is one <style> element with the nonce.
 *   Development needs 'unsafe-inline' (styles injected by the dev runtime), and a nonce next to
 *   it would switch 'unsafe-inline' off, so there it is left out.
 * - img-src: the program's logo_url (https only, secureThemeSchema) and the favicon.
 * - connect-src 'self': the page's server action and Next's own fetches; nothing leaves the origin.
 * - frame-ancestors: only the app itself (dashboard and cardholder pages) may frame it: 'self' (the
 *   console as the browser reached it, e.g. 127.0.0.1 while APP_URL says localhost), APP_URL's
 *   origin and the configured extra origins (SECURE_FRAME_ORIGINS). Never a wildcard.
 */
export interface SecurePageCspInput {
  /** Fresh per response: at least 128 random bits, base64. */
  nonce: string;
  /** The origins besides 'self' allowed to frame the secure page (secureFrameOrigins()). */
  frameOrigins: readonly string[];
  dev: boolean;
}

export function securePageCsp({ nonce, frameOrigins, dev }: SecurePageCspInput): string {
  if (!/^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(nonce))
    throw new Error("A CSP nonce must be base64 of at least 128 random bits");
  const ancestors = [...new Set(frameOrigins.map((o) => new URL(o).origin))];
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    ["script-src", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    ["style-src", "'self'", dev ? "'unsafe-inline'" : `'nonce-${nonce}'`],
    ["img-src", "'self'", "https:", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["form-action", "'self'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'self'", ...ancestors],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

export interface SecurePageHeaders {
  "Content-Security-Policy": string;
  "Referrer-Policy": string;
  "Cache-Control": string;
  "X-Content-Type-Options": string;
}

/** Every header of a /secure/* response. */
export function securePageHeaders(input: SecurePageCspInput): SecurePageHeaders {
  return {
    "Content-Security-Policy": securePageCsp(input),
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

/** 128 random bits, base64: a nonce for one response. */
export function newCspNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
