import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { isEmbedded, listenForNotifications } from "@/server/events/listen";
import { log } from "@/server/log";
import { outcomeOf, sendClaimed } from "./attempt";
import {
  type AttemptOutcome,
  claimDueDeliveries,
  type ClaimedDelivery,
  releaseDeliveries,
} from "./delivery-queue";
import { recordOutcomes } from "./operational-events";
import { RESPONSE_TIMEOUT_MS } from "./schedule";
import { type Resolver, webhookResolver } from "./url-safety";
import { DELIVERIES_CHANNEL, nextDeliveryDueMs, onDeliveriesQueued } from "./wake";

/** Attempts in flight per worker process, and per subscription within it. */
export const MAX_IN_FLIGHT = 128;
export const PER_ENDPOINT_IN_FLIGHT = 16;
/** Longer than the response timeout, so a live attempt always ends before its lease does. */
export const leaseSecondsFor = (timeoutMs: number) => Math.ceil(timeoutMs / 1000) + 15;
/**
 * A claimed delivery waits in the pump at most this long before it is sent; older, it is handed
 * back untried. With the attempt's timeout it stays inside the lease (timeout + 15 s).
 */
export const HELD_AT_MOST_MS = 5_000;
/** An endpoint that answered within this long gets a second batch claimed while the first is sent. */
const PREFETCH_IF_UNDER_MS = 1_000;

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

const sendOptions = (opts: DeliveryRunOptions) => ({
  timeoutMs: opts.timeoutMs ?? RESPONSE_TIMEOUT_MS,
  resolver: opts.resolver ?? webhookResolver(),
});

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
  const send = sendOptions(opts);
  const outcomes = await Promise.all(claimed.map(async (d) => outcomeOf(d, await sendClaimed(d, send))));
  await recordOutcomes(db, workerId, outcomes);
  return outcomes;
}

export interface PumpOptions extends DeliveryRunOptions {
  signal: AbortSignal;
  /** Return after this long (the job re-enqueues itself), so pumps move between workers. */
  runForMs: number;
  /** Idle poll interval on Postgres; a fan-out (in any process) wakes the pump sooner. */
  idlePollMs?: number;
  /**
   * On the embedded database, which has no poll: the longest idle sleep while the pump holds nothing
   * (it sleeps until the next delivery is due, woken in-process by new ones); default 5 s.
   */
  idleMaxMs?: number;
}

const count = (m: Map<string, number>, key: string, by: number) => {
  const n = (m.get(key) ?? 0) + by;
  if (n > 0) m.set(key, n);
  else m.delete(key);
};

/**
 * The continuous pump: keeps up to maxInFlight attempts running (per subscription at most
 * perEndpoint), and records finished attempts in batches. Claims run beside the sends, not
 * between them: an endpoint that answers quickly gets up to a second perEndpoint claimed ahead
 * and held here, so a finished attempt's slot goes to the next delivery at once instead of
 * after a claim's round trip. A slow endpoint gets nothing ahead (its held deliveries would only
 * wait out their leases). On abort (shutdown, lost job lease) it stops claiming, cancels the
 * attempts in flight and hands their deliveries, and the held ones, back uncounted.
 */
export async function runDeliveryPump(db: Db, opts: PumpOptions): Promise<{ sent: number }> {
  const workerId = opts.workerId ?? newId("wrk");
  const send = sendOptions(opts);
  const leaseSeconds = leaseSecondsFor(send.timeoutMs);
  const maxInFlight = opts.maxInFlight ?? MAX_IN_FLIGHT;
  const perEndpoint = opts.perEndpoint ?? PER_ENDPOINT_IN_FLIGHT;
  const idlePollMs = opts.idlePollMs ?? 100;
  const idleMaxMs = opts.idleMaxMs ?? 5_000;
  // Every writer is in this process: no poll, and a wake while claiming is kept, not lost.
  const embedded = isEmbedded(db);
  const stopAt = Date.now() + opts.runForMs;
  const inFlight = new Map<string, { delivery: ClaimedDelivery; controller: AbortController }>();
  /** Claimed, not yet sent, per subscription in claim order. */
  const waiting = new Map<string, { delivery: ClaimedDelivery; claimedAt: number }[]>();
  /** Per subscription: attempts in flight, and deliveries held (in flight or waiting). */
  const sending = new Map<string, number>();
  const held = new Map<string, number>();
  let heldTotal = 0;
  const fast = new Set<string>();
  let finished: AttemptOutcome[] = [];
  let flushing: Promise<void> | null = null;
  let stale: string[] = [];
  let releasing: Promise<void> = Promise.resolve();
  let stopping = false;
  let sent = 0;
  let wake: (() => void) | null = null;
  let poked = false;
  const poke = () => {
    poked = true;
    wake?.();
  };
  let pokeSoon: ReturnType<typeof setTimeout> | null = null;
  const stopListening = onDeliveriesQueued(poke);
  const stopNotified = listenForNotifications(db, DELIVERIES_CHANNEL, poke);
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
        // A retry recorded due at once (a sandbox fast-forward) finds an embedded pump asleep.
        if (embedded) poke();
      }
    })().finally(() => (flushing = null));
    return flushing;
  };

  const release = (ids: string[]) => {
    releasing = releasing.then(() =>
      releaseDeliveries(db, workerId, ids).then(
        () => undefined,
        (err) => log.warn({ err }, "could not release webhook deliveries; their leases will expire"),
      ),
    );
  };

  const forget = (d: ClaimedDelivery) => {
    count(held, d.webhookId, -1);
    heldTotal--;
  };

  const start = (d: ClaimedDelivery) => {
    const controller = new AbortController();
    inFlight.set(d.id, { delivery: d, controller });
    count(sending, d.webhookId, 1);
    void sendClaimed(d, send, controller.signal).then((result) => {
      inFlight.delete(d.id);
      count(sending, d.webhookId, -1);
      forget(d);
      if (controller.signal.aborted) return; // handed back by stop; not an attempt
      sent++;
      if (result.durationMs < PREFETCH_IF_UNDER_MS) fast.add(d.webhookId);
      else fast.delete(d.webhookId);
      finished.push(outcomeOf(d, result));
      void flush();
      startWaiting(d.webhookId);
      // Claim again when a few slots are free, not per finished attempt: fewer, fuller claims.
      if (!pokeSoon) pokeSoon = setTimeout(() => ((pokeSoon = null), poke()), 15);
    });
  };

  /** Starts this subscription's waiting deliveries while it and the process have free slots. */
  const startWaiting = (webhookId: string) => {
    const queue = waiting.get(webhookId);
    while (!stopping && queue?.length && inFlight.size < maxInFlight) {
      if ((sending.get(webhookId) ?? 0) >= perEndpoint) break;
      const next = queue.shift()!;
      if (Date.now() - next.claimedAt > HELD_AT_MOST_MS) {
        forget(next.delivery);
        stale.push(next.delivery.id);
      } else start(next.delivery);
    }
    if (!queue?.length) waiting.delete(webhookId);
    if (stale.length > 0) {
      release(stale);
      stale = [];
    }
  };

  const claim = async (): Promise<number> => {
    const room = maxInFlight * 2 - heldTotal;
    if (room <= 0) return 0;
    // Held counts against an endpoint's room; a slow one is treated as full beyond perEndpoint.
    const busy = new Map(held);
    for (const [id, n] of held) if (!fast.has(id)) busy.set(id, n + perEndpoint);
    const rows = await claimDueDeliveries(db, {
      workerId,
      limit: room,
      leaseSeconds,
      perEndpoint: perEndpoint * 2,
      inFlight: busy,
      orgId: opts.orgId,
    });
    if (opts.signal.aborted) {
      release(rows.map((r) => r.id));
      return 0;
    }
    const claimedAt = Date.now();
    for (const d of rows) {
      count(held, d.webhookId, 1);
      heldTotal++;
      const queue = waiting.get(d.webhookId) ?? [];
      queue.push({ delivery: d, claimedAt });
      waiting.set(d.webhookId, queue);
    }
    for (const id of new Set(rows.map((r) => r.webhookId))) startWaiting(id);
    return rows.length === room ? rows.length : 0;
  };

  try {
    while (!opts.signal.aborted && Date.now() < stopAt) {
      poked = false;
      let full = false;
      try {
        full = (await claim()) > 0;
      } catch (err) {
        log.error({ err }, "claiming webhook deliveries failed");
      }
      // A full batch: claim again at once. Otherwise wait for a free slot, a new delivery or the poll.
      if (full) continue;
      let waitMs = idlePollMs;
      if (embedded && heldTotal === 0)
        waitMs = await nextDeliveryDueMs(db, opts.orgId).then(
          (ms) => Math.max(10, Math.min(ms, idleMaxMs)),
          () => idlePollMs,
        );
      if (embedded && poked) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(0, Math.min(waitMs, stopAt - Date.now())));
        wake = done;
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
      });
    }
  } finally {
    stopping = true;
    stopListening();
    await stopNotified();
    if (pokeSoon) clearTimeout(pokeSoon);
    const untried = [...waiting.values()].flat().map((w) => w.delivery.id);
    waiting.clear();
    if (untried.length > 0) release(untried);
    // Let the attempts in flight end (each is bounded by the timeout) unless told to stop now.
    while (inFlight.size > 0 && !opts.signal.aborted) await new Promise((r) => setTimeout(r, 10));
    if (inFlight.size > 0) {
      const cancelled = [...inFlight.values()];
      for (const f of cancelled) f.controller.abort(new Error("The worker is shutting down."));
      release(cancelled.map((f) => f.delivery.id));
    }
    await releasing;
    await flush();
  }
  return { sent };
}
