import { log } from "@/server/log";
import { recordWebhookAttempt } from "@/server/observability/metrics";
import type { AttemptOutcome, ClaimedDelivery } from "./delivery-queue";
import { nextRetryDelayMs, RESPONSE_TIMEOUT_MS } from "./schedule";
import { openWebhookSecret } from "./secret";
import { attemptDelivery, type AttemptResult } from "./send";
import type { Resolver } from "./url-safety";

/** One claimed delivery's attempt and what it means for the delivery: what both pumps share. */

export function outcomeOf(d: ClaimedDelivery, r: AttemptResult): AttemptOutcome {
  const outcome = outcomeOfAttempt(d, r);
  recordWebhookAttempt(
    outcome.status,
    d.attempt === 1 ? (r.startedAt.getTime() - d.eventCreatedAt.getTime()) / 1000 : null,
  );
  return outcome;
}

function outcomeOfAttempt(d: ClaimedDelivery, r: AttemptResult): AttemptOutcome {
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

/**
 * Opened secrets by their sealed text: an endpoint's every attempt opened the same one again (an
 * AES-GCM decryption per request). A rotated secret is sealed anew, so it is a new key here.
 */
const opened = new Map<string, string>();
const OPENED_AT_MOST = 1_000;

function openSecret(sealed: string): string {
  let secret = opened.get(sealed);
  if (secret === undefined) {
    secret = openWebhookSecret(sealed);
    if (opened.size >= OPENED_AT_MOST) opened.clear();
    opened.set(sealed, secret);
  }
  return secret;
}

/** Never throws: a secret that cannot be opened (wrong ENCRYPTION_KEY) is a failed attempt like any other. */
export async function sendClaimed(
  d: ClaimedDelivery,
  opts: { timeoutMs?: number; resolver: Resolver },
  signal?: AbortSignal,
): Promise<AttemptResult> {
  let secret: string;
  let previousSecret: string | null;
  try {
    secret = openSecret(d.secretSealed);
    previousSecret = d.previousSecretSealed ? openSecret(d.previousSecretSealed) : null;
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
    previousSecret,
    standardWebhooks: d.standardWebhooks,
    payload: d.payload,
    eventType: d.eventType,
    deliveryId: d.id,
    timeoutMs: opts.timeoutMs ?? RESPONSE_TIMEOUT_MS,
    resolver: opts.resolver,
    signal,
  });
}
