import type { Context, Next } from "hono";
import { RouteMetric } from "@/server/observability/metrics";
import { SpanKind, tracingOn, withSpan } from "@/server/observability/tracing";
import type { ApiEnv } from "./types";

/** Requests no route matched (404, 405): one label, never the raw path (unbounded, and may carry ids). */
const UNMATCHED = "unmatched";

const metrics = new Map<string, RouteMetric>();

/** The route pattern's metric (Hono's matched route, `/api/v1/cards/:cardId`), made once per pattern. */
function metricOf(method: string, route: string): RouteMetric {
  const key = `${method} ${route}`;
  let m = metrics.get(key);
  if (!m) metrics.set(key, (m = new RouteMetric(method, route)));
  return m;
}

function routeOf(c: Context<ApiEnv>): string {
  // Inside this middleware no route ran when the index is still ours (0): the request matched nothing.
  return c.req.routeIndex === 0 ? UNMATCHED : c.req.routePath;
}

/**
 * The REST API's first middleware: http_request_duration_seconds by method, route pattern and status,
 * and with tracing on the request's root span (server/observability/tracing.ts), named by the route
 * and carrying the request id; the kit's use-case span and the queries' spans are its children.
 */
export async function observeRequests(c: Context<ApiEnv>, next: Next): Promise<void> {
  const started = performance.now();
  if (tracingOn()) await tracedRequest(c, next);
  else await next();
  metricOf(c.req.method, routeOf(c)).observe(c.res.status, started);
}

function tracedRequest(c: Context<ApiEnv>, next: Next): Promise<void> {
  const method = c.req.method;
  return withSpan(
    `${method} /api`,
    { "http.request.method": method, "url.path": c.req.path },
    async (span) => {
      await next();
      const route = routeOf(c);
      span?.updateName(`${method} ${route}`);
      span?.setAttribute("http.route", route);
      span?.setAttribute("http.response.status_code", c.res.status);
      const requestId = c.get("kit")?.requestId;
      if (requestId) span?.setAttribute("svc.request_id", requestId);
    },
    SpanKind.SERVER,
  );
}
