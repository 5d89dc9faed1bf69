import { type NextRequest, NextResponse } from "next/server";
import { appUrl, env, secureFrameOrigins } from "@/lib/env";
import { REQUEST_PATH_HEADER, requestPath } from "@/server/http/request-path";
import { HSTS, pageSecurityHeaders } from "@/server/http/security-headers";
import { newCspNonce, securePageHeaders } from "@/server/providers/sandbox/secure-page-csp";

/**
 * Next's proxy (formerly middleware): the security headers of every page (server/http/security-
 * headers.ts), with a nonce CSP, which next.config.ts headers cannot give (they are static). The
 * nonce travels to the render in the request's Content-Security-Policy header (Next takes it from
 * there for its own scripts) and in x-nonce (the root layout hands it to the theme script, the
 * secure page to its theme <style>); anything a client sent in those headers is overwritten. Every
 * page renders per request (the root layout reads headers()), so each gets its own nonce.
 *
 * The page's own path and query travel in x-request-path (overwritten like x-nonce), so a page
 * that finds no session can send the user to sign in with that path as the way back
 * (server/action-kit/session.ts, requireSession).
 *
 * The hosted secure page (/secure/*) keeps its own stricter policy and its frame rule
 * (server/providers/sandbox/secure-page-csp.ts): only the console's origins may frame it.
 */
export function proxy(request: NextRequest) {
  const nonce = newCspNonce();
  const dev = env().NODE_ENV === "development";
  const url = appUrl();
  const headers: Record<string, string> = request.nextUrl.pathname.startsWith("/secure/")
    ? {
        ...securePageHeaders({ nonce, frameOrigins: secureFrameOrigins(), dev }),
        ...(url.startsWith("https:") ? { "Strict-Transport-Security": HSTS } : {}),
      }
    : pageSecurityHeaders({ nonce, dev, appUrl: url });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]!);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set(REQUEST_PATH_HEADER, requestPath(request.nextUrl));
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Every page and route handler but the build's static files (next.config.ts gives those nosniff),
  // prefetches included: a prefetched document is a document (Next's guide leaves them out only to
  // save the work). The REST API (/api/* but /api/auth/*) never reaches Next: server/main.ts hands it
  // to the Hono app, whose kit sets the API's headers.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
