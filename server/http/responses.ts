import type { Context } from "hono";
import { appUrl } from "@/lib/env";
import { kitOf } from "./kit-state";
import { apiSecurityHeaders } from "./security-headers";
import type { ApiEnv, KitState } from "./types";

/**
 * Builds the kit's responses with plain-object headers: @hono/node-server writes those straight
 * out, while a Headers object (what c.header/c.json produce once there are two headers) costs a
 * conversion per response. The last response built here is remembered on the request's state
 * (not in a WeakSet: its entries cost the garbage collector more than the rest of the kit), so
 * the route handler knows it already carries X-Request-Id; anything else gets it added at the end.
 * Every answer carries the API's security headers (security-headers.ts); a route's own headers
 * (an HTML page's Content-Security-Policy) take their place.
 */

let security: { appUrl: string; headers: Record<string, string>; json: Record<string, string> } | undefined;

/** The API's security headers, worked out again only when APP_URL changes (tests). */
function securityHeaders(): Record<string, string> {
  return securityState().headers;
}

function securityState(): NonNullable<typeof security> {
  const url = appUrl();
  if (security?.appUrl !== url) {
    const headers = apiSecurityHeaders({ appUrl: url });
    // A JSON answer's headers, X-Request-Id's slot included: copying one object of a fixed shape
    // and setting one property costs a third of a literal with a spread in it.
    const json = { "content-type": "application/json", "x-request-id": "", ...headers };
    security = { appUrl: url, headers, json };
  }
  return security;
}

/**
 * A response of the kit. Extra headers come from `headers` and from setResponseHeader(); Hono's
 * c.header() is not carried here (outside production, using it before send() throws).
 */
export function send(
  c: Context<ApiEnv>,
  status: number,
  body: string | Uint8Array | null,
  headers?: Record<string, string>,
): Response {
  const kit = kitOf(c);
  if (kit.touchedHeaders) {
    kit.touchedHeaders = false; // so the 500 for this bug can itself be sent
    throw new Error(
      "A kit route called c.header(): pass headers to ok(c, data, { headers " +
        "}) or use setResponseHeader(c, name, value).",
    );
  }
  const all: Record<string, string> = { "x-request-id": kit.requestId, ...securityHeaders() };
  if (headers) for (const name in headers) all[name] = headers[name]!;
  if (kit.headers) for (const name in kit.headers) all[name] = kit.headers[name]!;
  const res = new Response(body as BodyInit | null, { status, headers: all });
  kit.sent = res;
  return res;
}

export function sendJson(
  c: Context<ApiEnv>,
  status: number,
  value: unknown,
  headers?: Record<string, string>,
): Response {
  return sendJsonText(c, status, JSON.stringify(value), headers);
}

/** sendJson for a body already serialized (a route that keeps its answer's JSON: /v1/me). */
export function sendJsonText(
  c: Context<ApiEnv>,
  status: number,
  json: string,
  headers?: Record<string, string>,
): Response {
  const kit = kitOf(c);
  if (headers || kit.headers || kit.touchedHeaders)
    return send(c, status, json, headers ? { "content-type": "application/json", ...headers } : JSON_TYPE);
  // The common case: a copy of one object of a fixed shape.
  const all = { ...securityState().json };
  all["x-request-id"] = kit.requestId;
  const res = new Response(json, { status, headers: all });
  kit.sent = res;
  return res;
}
const JSON_TYPE = { "content-type": "application/json" };

export function isKitResponse(kit: KitState, res: Response): boolean {
  return kit.sent === res;
}

/**
 * Adds X-Request-Id, the request's headers and the security headers to a response that was not
 * built by send(); a header the response has already is kept.
 */
export function withKitHeaders(kit: KitState, res: Response): Response {
  let out = res;
  const apply = () => {
    out.headers.set("X-Request-Id", kit.requestId);
    if (kit.headers)
      for (const [name, value] of Object.entries(kit.headers))
        if (!out.headers.has(name)) out.headers.set(name, value);
    for (const [name, value] of Object.entries(securityHeaders()))
      if (!out.headers.has(name)) out.headers.set(name, value);
  };
  try {
    apply();
  } catch {
    // Immutable headers (a fetched Response): copy it.
    out = new Response(res.body, res);
    apply();
  }
  return out;
}
