import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { SpanKind, withSpan } from "@/server/observability/tracing";
import { RESPONSE_TIMEOUT_MS } from "./schedule";
import { signWebhookBody, standardWebhookSignature } from "./signature";
import { checkWebhookUrl, type Resolver, resolveSafeAddresses } from "./url-safety";

export const RESPONSE_BODY_LIMIT = 2_048;
/** Bytes of a response read in all (then the socket is dropped): a receiver cannot make us read forever. */
const DRAIN_LIMIT = 64 * 1024;

export interface AttemptRequest {
  url: string;
  /** The newest secret: X-Svc-Signature. */
  secret: string;
  /** The secret before a rotation, while its grace window is open: X-Svc-Signature-Previous. */
  previousSecret?: string | null;
  /** Also the Standard Webhooks headers (webhook-id is the delivery id, the same on every retry). */
  standardWebhooks?: boolean;
  /** The envelope bytes: sent and signed exactly as stored. */
  payload: string;
  eventType: string;
  deliveryId: string;
  timeoutMs?: number;
  resolver: Resolver;
  signal?: AbortSignal;
  /** Unix seconds; default the clock. */
  now?: number;
}

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  /** The first 2 KiB of the response body (UTF-8, a cut character replaced). */
  body: string | null;
  error: string | null;
  durationMs: number;
  startedAt: Date;
  requestHeaders: Record<string, string>;
}

// Keep-alive pools. A pooled socket stays connected to the address checked when it was opened.
// As many kept idle as may be open: fewer closed the sockets a busy endpoint's next batch reopens.
const SOCKETS = { keepAlive: true, maxSockets: 64, maxFreeSockets: 64, scheduling: "lifo" } as const;
const httpAgent = new http.Agent(SOCKETS);
const httpsAgent = new https.Agent(SOCKETS);

/**
 * X-Svc-Signature is always one value signed with the newest secret (the interface); during a
 * rotation's grace window X-Svc-Signature-Previous carries the old secret's, and the Standard
 * Webhooks signature lists both (space-separated, newest first), as that spec allows.
 */
export function webhookRequestHeaders(
  req: Pick<
    AttemptRequest,
    "secret" | "previousSecret" | "standardWebhooks" | "payload" | "eventType" | "deliveryId"
  >,
  timestamp: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "svc-webhooks/1",
    "x-svc-event": req.eventType,
    "x-svc-delivery-id": req.deliveryId,
    "x-svc-timestamp": timestamp,
    "x-svc-signature": signWebhookBody(req.secret, timestamp, req.payload),
  };
  if (req.previousSecret)
    headers["x-svc-signature-previous"] = signWebhookBody(req.previousSecret, timestamp, req.payload);
  if (req.standardWebhooks) {
    const secrets = req.previousSecret ? [req.secret, req.previousSecret] : [req.secret];
    headers["webhook-id"] = req.deliveryId;
    headers["webhook-timestamp"] = timestamp;
    headers["webhook-signature"] = secrets
      .map((s) => standardWebhookSignature(s, req.deliveryId, timestamp, req.payload))
      .join(" ");
  }
  return headers;
}

/**
 * One attempt: the URL rules again, the host resolved and every address checked, then a POST to
 * the checked address (never a fresh DNS answer), signed over the exact bytes sent. Any 2xx within
 * the timeout succeeds; a 3xx is a failure (redirects are not followed); so are other statuses,
 * timeouts, refused addresses and network errors. Never throws.
 */
export function attemptDelivery(req: AttemptRequest): Promise<AttemptResult> {
  // With traces on, a client span (server/observability/tracing.ts); its host only, never the path.
  return withSpan(
    "webhook POST",
    { "svc.delivery_id": req.deliveryId, "svc.event_type": req.eventType },
    async (span) => {
      const result = await sendAttempt(req);
      if (result.status !== null) span?.setAttribute("http.response.status_code", result.status);
      if (!result.ok) span?.setAttribute("error.type", result.error ?? "failed");
      return result;
    },
    SpanKind.CLIENT,
  );
}

async function sendAttempt(req: AttemptRequest): Promise<AttemptResult> {
  const startedAt = new Date();
  const started = performance.now();
  const timestamp = String(req.now ?? Math.floor(Date.now() / 1000));
  const headers = webhookRequestHeaders(req, timestamp);
  const timeoutMs = req.timeoutMs ?? RESPONSE_TIMEOUT_MS;
  const finish = (r: { status: number | null; body: string | null; error: string | null }): AttemptResult => {
    const ok = r.status !== null && r.status >= 200 && r.status < 300;
    let error = r.error;
    if (!error && !ok && r.status !== null)
      error =
        r.status >= 300 && r.status < 400
          ? `HTTP ${r.status}: redirects are not followed`
          : `HTTP ${r.status}`;
    return {
      ok,
      ...r,
      error: ok ? null : error,
      durationMs: Math.round(performance.now() - started),
      startedAt,
      requestHeaders: headers,
    };
  };

  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new Error(`No response within ${timeoutMs / 1000} s`)),
    timeoutMs,
  );
  const onOuterAbort = () => deadline.abort(req.signal?.reason ?? new Error("aborted"));
  req.signal?.addEventListener("abort", onOuterAbort, { once: true });
  try {
    const checked = checkWebhookUrl(req.url);
    const addresses = await Promise.race([
      resolveSafeAddresses(checked, req.resolver),
      new Promise<never>((_, reject) =>
        deadline.signal.addEventListener("abort", () => reject(deadline.signal.reason), { once: true }),
      ),
    ]);
    const target = addresses[0]!;
    const outcome = await post(checked.url, headers, req.payload, target, deadline.signal);
    return finish(outcome);
  } catch (err) {
    return finish({ status: null, body: null, error: err instanceof Error ? err.message : String(err) });
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener("abort", onOuterAbort);
  }
}

function post(
  url: URL,
  headers: Record<string, string>,
  payload: string,
  target: { address: string; family: 4 | 6 },
  signal: AbortSignal,
): Promise<{ status: number | null; body: string | null; error: string | null }> {
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
    const options: https.RequestOptions = {
      method: "POST",
      host,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, "content-length": String(body.length) },
      agent: secure ? httpsAgent : httpAgent,
      lookup: pinned,
      signal,
      ...(secure && !isIP(host) ? { servername: host } : {}),
    };
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let kept = 0;
    let read = 0;
    let settled = false;
    const done = (error: string | null) => {
      if (settled) return;
      settled = true;
      const text = chunks.length
        ? new TextDecoder("utf-8").decode(Buffer.concat(chunks))
        : status === null
          ? null
          : "";
      resolve({ status, body: text, error: status === null ? error : null });
    };
    const request = (secure ? https : http).request(options, (res) => {
      status = res.statusCode ?? null;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (kept < RESPONSE_BODY_LIMIT) {
          const part = chunk.subarray(0, RESPONSE_BODY_LIMIT - kept);
          chunks.push(part);
          kept += part.length;
        }
        if (read > DRAIN_LIMIT) {
          res.destroy();
          done(null);
        }
      });
      res.on("end", () => done(null));
      res.on("error", () => done(null));
      res.on("close", () => done(null));
    });
    request.on("error", (err) =>
      done(err.name === "AbortError" && signal.reason instanceof Error ? signal.reason.message : err.message),
    );
    request.end(body);
  });
}
