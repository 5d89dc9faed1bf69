import { log } from "@/server/log";
import type { AttemptOutcome, ClaimedDelivery } from "./delivery-queue";
import { nextRetryDelayMs, RESPONSE_TIMEOUT_MS } from "./schedule";
import { openWebhookSecret } from "./secret";
import { attemptDelivery, type AttemptResult } from "./send";
import type { Resolver } from "./url-safety";

/** One claimed delivery's attempt and what it means for the delivery: what both pumps share. */

export function outcomeOf(d: ClaimedDelivery, r: AttemptResult): AttemptOutcome {
  const base = {
    deliveryId: d.id,
    webhookId: d.webhookId,
    attempt: d.attempt,
    responseStatus: r.status,
    responseBody: r.body,
    error: r.error,
    durationMs: r.durationMs,
    startedAt: r.startedAt,
    requestHeaders: r.requestHeaders,
  };
  if (r.ok) return { ...base, status: "succeeded", nextAttemptAt: null };
  const delay = nextRetryDelayMs(d.attempt, d.attemptLimit);
  return delay === null
    ? { ...base, status: "failed", nextAttemptAt: null }
    : { ...base, status: "retrying", nextAttemptAt: new Date(Date.now() + delay) };
}

/** Never throws: a secret that cannot be opened (wrong ENCRYPTION_KEY) is a failed attempt like any other. */
export async function sendClaimed(
  d: ClaimedDelivery,
  opts: { timeoutMs?: number; resolver: Resolver },
  signal?: AbortSignal,
): Promise<AttemptResult> {
  let secret: string;
  try {
    secret = openWebhookSecret(d.secretSealed);
  } catch (err) {
    log.error({ err, deliveryId: d.id }, "could not open a webhook secret");
    return {
      ok: false,
      status: null,
      body: null,
      error: "The signing secret could not be decrypted (ENCRYPTION_KEY changed?)",
      durationMs: 0,
      startedAt: new Date(),
      requestHeaders: {},
    };
  }
  return attemptDelivery({
    url: d.url,
    secret,
    payload: d.payload,
    eventType: d.eventType,
    deliveryId: d.id,
    timeoutMs: opts.timeoutMs ?? RESPONSE_TIMEOUT_MS,
    resolver: opts.resolver,
    signal,
  });
}
