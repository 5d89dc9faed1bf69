import { NextResponse, type NextRequest } from "next/server";
import { env, secureFrameOrigins } from "@/lib/env";
import { newCspNonce, securePageHeaders } from "@/server/providers/sandbox/secure-page-csp";

/**
 * Next's proxy (formerly middleware), for the hosted secure page only (see the matcher): a
 * strict, per-response nonce CSP cannot come from next.config.ts headers, which are static.
 * The nonce travels to the render in the request's Content-Security-Policy header (Next takes
 * it from there for its own scripts) and in x-nonce (for the page's theme <style>); anything a
 * client sent in those headers is overwritten. The rest of the app is untouched.
 */
export function proxy(request: NextRequest) {
  const nonce = newCspNonce();
  const headers = securePageHeaders({
    nonce,
    frameOrigins: secureFrameOrigins(),
    dev: env().NODE_ENV === "development",
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", headers["Content-Security-Policy"]);
  requestHeaders.set("x-nonce", nonce);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: ["/secure/:path*"],
};
