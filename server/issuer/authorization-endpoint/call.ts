import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { SpanKind, withSpan } from "@/server/observability/tracing";
import { signWebhookBody } from "@/server/webhooks/signature";
import { checkWebhookUrl, resolveSafeAddresses, webhookResolver } from "@/server/webhooks/url-safety";

/**
 * One call of the authorization endpoint (docs/authorization-endpoint.md, The request): the
 * webhooks' URL rules and pinned resolution (server/webhooks/url-safety.ts), their signature
 * scheme and headers, event type authorization.request. The caller gets its answer at the deadline
 * at the latest; an answer that comes later is still read (`late`, for the request log) until
 * LATE_LIMIT_MS, then the socket is dropped. Never throws.
 */

export const ENDPOINT_EVENT_TYPE = "authorization.request";
/** How long a late answer is still waited for, from the start of the call. */
export const LATE_LIMIT_MS = 10_000;
const BODY_LIMIT = 4_096;

// Its own keep-alive pool: a busy program's calls reuse warm sockets, apart from the webhooks' pool.
const SOCKETS = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: "lifo" } as const;
const httpAgent = new http.Agent(SOCKETS);
const httpsAgent = new https.Agent(SOCKETS);

export interface EndpointCall {
  url: string;
  secret: string;
  /** During a rotation's grace window: also signs with the old secret (X-Svc-Signature-Previous). */
  previousSecret: string | null;
  requestId: string;
  body: string;
  timeoutMs: number;
  /**
   * When the call must end, on the `performance.now()` clock (./deadline.ts: the authorization's start
   * plus timeoutMs, less the reserve for the hold); by default timeoutMs from the call's start.
   */
  deadline?: number;
}

export interface HttpAnswer {
  status: number;
  body: string;
  latencyMs: number;
}

export interface CallResult {
  headers: Record<string, string>;
  /** The answer within the deadline, or null (then `failure` says why). */
  answer: HttpAnswer | null;
  failure: "timeout" | "connection_error" | null;
  error: string | null;
  latencyMs: number;
  /** After a timeout: the answer if it still comes (null if never, or on error). */
  late: Promise<HttpAnswer | null> | null;
}

export function endpointHeaders(call: EndpointCall, timestamp: string): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "svc-authorizations/1",
    "x-svc-event": ENDPOINT_EVENT_TYPE,
    "x-svc-delivery-id": call.requestId,
    "x-svc-timestamp": timestamp,
    "x-svc-signature": signWebhookBody(call.secret, timestamp, call.body),
    ...(call.previousSecret
      ? { "x-svc-signature-previous": signWebhookBody(call.previousSecret, timestamp, call.body) }
      : {}),
  };
}

/** The call, in a client span when traces are on (server/observability/tracing.ts). */
export function callEndpoint(call: EndpointCall): Promise<CallResult> {
  return withSpan(
    "authorization endpoint POST",
    { "server.address": hostOf(call.url), "svc.request_id": call.requestId },
    async (span) => {
      const result = await sendCall(call);
      if (result.answer) span?.setAttribute("http.response.status_code", result.answer.status);
      if (result.failure) span?.setAttribute("error.type", result.failure);
      return result;
    },
    SpanKind.CLIENT,
  );
}

/** The host only: a URL's path or query may carry a token of the program's. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

async function sendCall(call: EndpointCall): Promise<CallResult> {
  const started = performance.now();
  const headers = endpointHeaders(call, String(Math.floor(Date.now() / 1000)));
  const budgetMs = Math.max(0, Math.round((call.deadline ?? started + call.timeoutMs) - started));
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (failure: "timeout" | "connection_error", error: string): CallResult => ({
    headers,
    answer: null,
    failure,
    error,
    latencyMs: elapsed(),
    late: null,
  });
  const tooLate =
    budgetMs < call.timeoutMs
      ? `No answer within ${budgetMs} ms (timeout_ms ${call.timeoutMs}, less the checks before the call and the hold after it)`
      : `No answer within ${budgetMs} ms`;
  // The checks before the call used up the authorization's time: nothing is sent.
  if (budgetMs === 0) return failed("timeout", tooLate);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), budgetMs);
  });
  try {
    const checked = checkWebhookUrl(call.url);
    const addresses = await Promise.race([resolveSafeAddresses(checked, webhookResolver()), deadline]);
    if (addresses === "deadline") return failed("timeout", tooLate);
    const answer = post(checked.url, headers, call.body, addresses[0]!, started);
    const first = await Promise.race([answer, deadline]);
    if (first === "deadline") {
      const result = failed("timeout", tooLate);
      return { ...result, late: answer.then((a) => ("status" in a ? a : null)) };
    }
    if ("error" in first) return failed("connection_error", first.error);
    return { headers, answer: first, failure: null, error: null, latencyMs: first.latencyMs, late: null };
  } catch (err) {
    return failed("connection_error", err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
  }
}

function post(
  url: URL,
  headers: Record<string, string>,
  payload: string,
  target: { address: string; family: 4 | 6 },
  started: number,
): Promise<HttpAnswer | { error: string }> {
  return new Promise((resolve) => {
    const secure = url.protocol === "https:";
    const host = url.hostname.replace(/^\[|\]$/g, "");
    // Connect to the checked address whatever DNS says now; TLS still verifies the host name.
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
      else callback(null, target.address, target.family);
    };
    const body = Buffer.from(payload, "utf8");
    const chunks: Buffer[] = [];
    let kept = 0;
    let settled = false;
    const finish = (value: HttpAnswer | { error: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      resolve(value);
    };
    const request = (secure ? https : http).request(
      {
        method: "POST",
        host,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, "content-length": String(body.length) },
        agent: secure ? httpsAgent : httpAgent,
        lookup: pinned,
        ...(secure && !isIP(host) ? { servername: host } : {}),
      },
      (res) => {
        res.on("data", (chunk: Buffer) => {
          if (kept < BODY_LIMIT) {
            const part = chunk.subarray(0, BODY_LIMIT - kept);
            chunks.push(part);
            kept += part.length;
          } else res.destroy();
        });
        const done = () =>
          finish({
            status: res.statusCode ?? 0,
            body: new TextDecoder("utf-8").decode(Buffer.concat(chunks)),
            latencyMs: Math.round(performance.now() - started),
          });
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    // Whatever happens, the socket goes after LATE_LIMIT_MS: a receiver that never answers costs one socket that long.
    const limit = setTimeout(() => {
      request.destroy();
      finish({ error: `No answer within ${LATE_LIMIT_MS} ms` });
    }, LATE_LIMIT_MS);
    limit.unref();
    request.on("error", (err) => finish({ error: err.message }));
    request.end(body);
  });
}
