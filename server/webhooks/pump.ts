import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import {
  claimDueDeliveries,
  recordOutcomes,
  releaseDeliveries,
  type AttemptOutcome,
  type ClaimedDelivery,
} from "./delivery-queue";
import { nextRetryDelayMs, RESPONSE_TIMEOUT_MS } from "./schedule";
import { openWebhookSecret } from "./secret";
import { attemptDelivery, type AttemptResult } from "./send";
import { webhookResolver, type Resolver } from "./url-safety";
import { onDeliveriesQueued } from "./wake";

/** Attempts in flight per worker process, and per subscription within it. */
export const MAX_IN_FLIGHT = 128;
export const PER_ENDPOINT_IN_FLIGHT = 16;
/** Longer than the response timeout, so a live attempt always ends before its lease does. */
export const leaseSecondsFor = (timeoutMs: number) => Math.ceil(timeoutMs / 1000) + 15;

export interface DeliveryRunOptions {
  workerId?: string;
  /** The receiver's time to answer; default 30 s (tests shorten it). */
  timeoutMs?: number;
  resolver?: Resolver;
  maxInFlight?: number;
  perEndpoint?: number;
  /** Only this organization's deliveries (tests on a shared Postgres). */
  orgId?: string;
}

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
async function send(
  d: ClaimedDelivery,
  opts: DeliveryRunOptions,
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
    resolver: opts.resolver ?? webhookResolver(),
    signal,
  });
}

/**
 * One round, start to end: claim what is due (up to maxInFlight), attempt all at once, record.
 * What tests and one-off callers use; the worker runs the continuous pump below.
 */
export async function deliverDueOnce(db: Db, opts: DeliveryRunOptions = {}): Promise<AttemptOutcome[]> {
  const workerId = opts.workerId ?? newId("wrk");
  const timeoutMs = opts.timeoutMs ?? RESPONSE_TIMEOUT_MS;
  const claimed = await claimDueDeliveries(db, {
    workerId,
    limit: opts.maxInFlight ?? MAX_IN_FLIGHT,
    leaseSeconds: leaseSecondsFor(timeoutMs),
    perEndpoint: opts.perEndpoint ?? PER_ENDPOINT_IN_FLIGHT,
    orgId: opts.orgId,
  });
  const outcomes = await Promise.all(claimed.map(async (d) => outcomeOf(d, await send(d, opts))));
  await recordOutcomes(db, workerId, outcomes);
  return outcomes;
}

export interface PumpOptions extends DeliveryRunOptions {
  signal: AbortSignal;
  /** Return after this long (the job re-enqueues itself), so pumps move between workers. */
  runForMs: number;
  /** Idle poll interval; a fan-out in this process wakes the pump sooner. */
  idlePollMs?: number;
}

/**
 * The continuous pump: keeps up to maxInFlight attempts running, claiming more as slots free up
 * (per subscription at most perEndpoint), and records finished attempts in batches. On abort
 * (shutdown, lost job lease) it stops claiming, cancels the attempts in flight and hands their
 * deliveries back uncounted.
 */
export async function runDeliveryPump(db: Db, opts: PumpOptions): Promise<{ sent: number }> {
  const workerId = opts.workerId ?? newId("wrk");
  const timeoutMs = opts.timeoutMs ?? RESPONSE_TIMEOUT_MS;
  const leaseSeconds = leaseSecondsFor(timeoutMs);
  const maxInFlight = opts.maxInFlight ?? MAX_IN_FLIGHT;
  const perEndpoint = opts.perEndpoint ?? PER_ENDPOINT_IN_FLIGHT;
  const idlePollMs = opts.idlePollMs ?? 100;
  const stopAt = Date.now() + opts.runForMs;
  const inFlight = new Map<string, { delivery: ClaimedDelivery; controller: AbortController }>();
  const perWebhook = new Map<string, number>();
  let finished: AttemptOutcome[] = [];
  let flushing: Promise<void> | null = null;
  let sent = 0;
  let wake: (() => void) | null = null;
  const poke = () => wake?.();
  let pokeSoon: ReturnType<typeof setTimeout> | null = null;
  const stopListening = onDeliveriesQueued(poke);
  opts.signal.addEventListener("abort", poke, { once: true });

  const flush = (): Promise<void> => {
    if (flushing) return flushing;
    flushing = (async () => {
      while (finished.length > 0) {
        const batch = finished;
        finished = [];
        try {
          await recordOutcomes(db, workerId, batch);
        } catch (err) {
          // Leases run out and the deliveries are attempted again: at least once, never lost.
          log.error({ err, count: batch.length }, "could not record webhook attempts");
        }
      }
    })().finally(() => (flushing = null));
    return flushing;
  };

  const start = (d: ClaimedDelivery) => {
    const controller = new AbortController();
    inFlight.set(d.id, { delivery: d, controller });
    perWebhook.set(d.webhookId, (perWebhook.get(d.webhookId) ?? 0) + 1);
    void send(d, opts, controller.signal).then((result) => {
      inFlight.delete(d.id);
      const left = (perWebhook.get(d.webhookId) ?? 1) - 1;
      if (left > 0) perWebhook.set(d.webhookId, left);
      else perWebhook.delete(d.webhookId);
      if (controller.signal.aborted) return; // handed back by stop; not an attempt
      sent++;
      finished.push(outcomeOf(d, result));
      void flush();
      // Claim again when a few slots are free, not per finished attempt: fewer, fuller claims.
      if (!pokeSoon) pokeSoon = setTimeout(() => ((pokeSoon = null), poke()), 15);
    });
  };

  try {
    while (!opts.signal.aborted && Date.now() < stopAt) {
      let claimed = 0;
      const room = maxInFlight - inFlight.size;
      if (room > 0) {
        try {
          const rows = await claimDueDeliveries(db, {
            workerId,
            limit: room,
            leaseSeconds,
            perEndpoint,
            inFlight: perWebhook,
            orgId: opts.orgId,
          });
          claimed = rows.length;
          if (opts.signal.aborted) {
            await releaseDeliveries(
              db,
              workerId,
              rows.map((r) => r.id),
            );
            break;
          }
          for (const d of rows) start(d);
        } catch (err) {
          log.error({ err }, "claiming webhook deliveries failed");
        }
      }
      // A full batch: claim again at once. Otherwise wait for a free slot, a new delivery or the poll.
      if (claimed > 0 && claimed === room) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, idlePollMs);
        wake = done;
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
      });
    }
  } finally {
    stopListening();
    if (pokeSoon) clearTimeout(pokeSoon);
    // Let the attempts in flight end (each is bounded by the timeout) unless told to stop now.
    while (inFlight.size > 0 && !opts.signal.aborted) await new Promise((r) => setTimeout(r, 10));
    if (inFlight.size > 0) {
      const held = [...inFlight.values()];
      for (const f of held) f.controller.abort(new Error("The worker is shutting down."));
      try {
        await releaseDeliveries(
          db,
          workerId,
          held.map((f) => f.delivery.id),
        );
      } catch (err) {
        log.warn({ err }, "could not release webhook deliveries; their leases will expire");
      }
    }
    await flush();
  }
  return { sent };
}
