import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import { env } from "@/lib/env";
import { metricsText } from "./metrics";

/**
 * GET /metrics (docs/operations.md, "Metrics"). Two ways to reach it, both guarded:
 * - on the app's port, only with METRICS_TOKEN set and presented as `Authorization: Bearer <token>`;
 * - on METRICS_PORT, a listener of its own bound to METRICS_HOST (loopback by default), which asks for
 *   the token too when one is set. A standalone worker has no other port, so it serves its metrics there.
 */

const sha = (s: string) => Buffer.from(s, "utf8");

/** Whether the request's bearer token is the configured one (compared in constant time). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  if (!authorization?.startsWith("Bearer ")) return false;
  const given = sha(authorization.slice(7).trim());
  const wanted = sha(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function answer(res: http.ServerResponse, status: number, code: string, message: string, extra = {}): void {
  const body = JSON.stringify({ success: false, error_code: code, message });
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...extra });
  res.end(body);
}

/**
 * Answers a request for /metrics. `token`: the one the caller must present (undefined: none asked,
 * the loopback port without METRICS_TOKEN).
 */
export async function serveMetrics(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  token: string | undefined,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD")
    return answer(res, 405, "METHOD_NOT_ALLOWED", "GET /metrics only.", { allow: "GET, HEAD" });
  if (token !== undefined && !bearerMatches(req.headers.authorization, token))
    return answer(
      res,
      401,
      "UNAUTHENTICATED",
      "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.",
      {
        "www-authenticate": 'Bearer realm="metrics"',
      },
    );
  try {
    const { contentType, body } = await metricsText();
    res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : body);
  } catch {
    answer(res, 500, "INTERNAL_ERROR", "The metrics could not be collected.");
  }
}

/** The app's port: /metrics is served only with METRICS_TOKEN; true when this request was it. */
export function handleAppMetrics(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const url = req.url ?? "/";
  if (url !== "/metrics" && !url.startsWith("/metrics?")) return false;
  const token = env().METRICS_TOKEN;
  if (token === undefined) return false; // not served here: Next answers its 404
  void serveMetrics(req, res, token);
  return true;
}

/** METRICS_PORT's listener, when set; resolves once it listens. */
export async function startMetricsServer(): Promise<http.Server | undefined> {
  const e = env();
  if (e.METRICS_PORT === undefined) return undefined;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics") return answer(res, 404, "NOT_FOUND", "This port serves GET /metrics only.");
    void serveMetrics(req, res, e.METRICS_TOKEN);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(e.METRICS_PORT, e.METRICS_HOST, () => resolve());
  });
  return server;
}
