import type { Context } from "hono";
import { RouteMetric } from "@/server/observability/metrics";
import { SpanKind, tracingOn, withSpan } from "@/server/observability/tracing";
import type { ApiEnv } from "./types";

type Handler = (c: Context<ApiEnv>) => Response | Promise<Response>;

/** Requests no route matched (404, 405): one label, never the raw path (unbounded, and may carry ids). */
const UNMATCHED = "unmatched";

/**
 * A route's handler with its metrics and trace: http_request_duration_seconds by method, route pattern
 * (`/api/v1/cards/:cardId`, never the path) and status, and with tracing on the request's root span
 * (server/observability/tracing.ts) carrying the request id; the kit's use-case span and the queries'
 * spans are its children. Wrapped when the route is mounted rather than as a Hono middleware: the
 * pattern and its metric are known then, and a synchronous handler (ping) stays synchronous, so the
 * measuring costs a clock read, a map lookup and a bucket scan per request.
 */
export function observed(method: string, route: string, handle: Handler): Handler {
  const metric = new RouteMetric(method, route);
  return function observedHandle(c) {
    const started = performance.now();
    const out = tracingOn() ? tracedRequest(c, route, handle) : handle(c);
    if (out instanceof Promise) return settled(out, metric, started);
    metric.observe(out.status, started);
    return out;
  };
}

async function settled(out: Promise<Response>, metric: RouteMetric, started: number): Promise<Response> {
  const res = await out;
  metric.observe(res.status, started);
  return res;
}

/** The 404 / 405 handler for paths no route serves, counted under one `unmatched` route per method. */
export function observedNotFound(handle: (c: Context<ApiEnv>) => Response): (c: Context<ApiEnv>) => Response {
  const metrics = new Map<string, RouteMetric>();
  return function observedNotFoundHandle(c) {
    const started = performance.now();
    const method = c.req.method;
    let metric = metrics.get(method);
    // Methods are few; an unknown one (Hono accepts any token) still adds one series, not one per path.
    if (!metric) metrics.set(method, (metric = new RouteMetric(method, UNMATCHED)));
    const res = tracingOn() ? (tracedRequest(c, UNMATCHED, handle) as Response) : handle(c);
    metric.observe(res.status, started);
    return res;
  };
}

function tracedRequest(c: Context<ApiEnv>, route: string, handle: Handler): Response | Promise<Response> {
  const method = c.req.method;
  return withSpan(
    `${method} ${route}`,
    { "http.request.method": method, "http.route": route },
    (span) => {
      const finish = (res: Response) => {
        span?.setAttribute("http.response.status_code", res.status);
        const requestId = c.get("kit")?.requestId;
        if (requestId) span?.setAttribute("svc.request_id", requestId);
        return res;
      };
      const out = handle(c);
      return out instanceof Promise ? out.then(finish) : finish(out);
    },
    SpanKind.SERVER,
  );
}
