/**
 * The security headers of every answer (docs/rest-api.md, "Security headers"): the REST API's
 * (the kit adds them to each response, responses.ts) and the console's pages (proxy.ts; the hosted
 * secure page keeps its own policy, server/providers/sandbox/secure-page-csp.ts). Pure, so both
 * are unit-tested and the policy reads in one place.
 *
 * - Content-Security-Policy: the API answers data, never a document to run, so `default-src 'none'`;
 *   its few HTML pages state their own (htmlPageCsp). The console's pages: scripts only with this
 *   response's nonce (Next puts it on its own scripts, 'strict-dynamic' lets them load the chunks),
 *   everything else from our origin; styles also inline (React and Radix write style attributes,
 *   which a nonce cannot cover, and a style cannot run code); frames only ours (the hosted secure
 *   page, on this origin or APP_URL's).
 * - frame-ancestors 'none' and X-Frame-Options DENY (for browsers without CSP 2): nothing frames the
 *   console (clickjacking on sign-in, on a card action). The secure page is the one exception.
 * - X-Content-Type-Options: nosniff, so a JSON or CSV answer is never run as a script or page.
 * - Referrer-Policy: the API sends none; pages only their origin to other sites
 *   (strict-origin-when-cross-origin): an invitation or checkout link never leaves in a Referer, while
 *   a form's Origin header, which origin checks read, stays (no-referrer makes a plain form POST
 *   send "Origin: null").
 * - Strict-Transport-Security when APP_URL is https: a year, subdomains included.
 */

export interface SecurityHeaderInput {
  /** APP_URL (appUrl()): https turns HSTS on. */
  appUrl: string;
}

export const HSTS = "max-age=31536000; includeSubDomains";

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function hstsOf(appUrl: string): Record<string, string> {
  return appUrl.startsWith("https:") ? { "strict-transport-security": HSTS } : {};
}

/** The headers on every REST answer (names in lower case, as the kit writes them). */
export function apiSecurityHeaders({ appUrl }: SecurityHeaderInput): Record<string, string> {
  return {
    "content-security-policy": API_CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    ...hstsOf(appUrl),
  };
}

/**
 * The policy of an HTML page the API serves itself (the sandbox checkout, the API reference):
 * scripts only with `nonce` (none at all without one), inline styles, our own origin for the rest.
 * No form-action: the sandbox checkout's forms end in a 303 to the payer's redirect_url, which
 * Chromium checks against form-action too.
 */
export function htmlPageCsp(nonce?: string): string {
  return [
    "default-src 'self'",
    nonce ? `script-src 'nonce-${nonce}' 'self'` : "script-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export interface PageHeaderInput extends SecurityHeaderInput {
  /** Fresh per response (newCspNonce()). */
  nonce: string;
  dev: boolean;
}

/** The Content-Security-Policy of a console page (dashboard, cardholder, sign-in, invite, pay, KYC). */
export function pageCsp({ nonce, dev, appUrl }: PageHeaderInput): string {
  if (!/^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(nonce))
    throw new Error("A CSP nonce must be base64 of at least 128 random bits");
  const frames = [...new Set(["'self'", new URL(appUrl).origin])];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // Development: React rebuilds server error stacks with eval (Next's CSP guide).
    ["script-src", "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    // The program's logo (https only) and QR codes (data:).
    ["img-src", "'self'", "data:", "blob:", "https:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'"],
    ["frame-src", ...frames],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** Every security header of a console page's response. */
export function pageSecurityHeaders(input: PageHeaderInput): Record<string, string> {
  return {
    "Content-Security-Policy": pageCsp(input),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(input.appUrl.startsWith("https:") ? { "Strict-Transport-Security": HSTS } : {}),
  };
}
