/**
 * The load loops of the authorization benches (bench/authorization-controls.ts,
 * bench/authorization-endpoint.ts). Each authorization's latency is taken twice: from its scheduled
 * start (a stall counts against everything that waited for it) and from its own start (when the
 * authorization was called: what "within timeout_ms + 50 ms of its start" measures).
 *
 * The open loop is one scheduler: it wakes on one timer, starts every authorization whose time has
 * come and sleeps until the next one's. It used to make all rate x seconds promises and timers up
 * front (4,000 of each at 500/s for 8 s), which the load generator paid for in the measured process.
 * `lateMs` is how late the scheduler itself woke (the event loop's delay): the share of the latency
 * the load generator, not the authorization, accounts for.
 */

export interface LoopResult {
  total: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** From each authorization's own start. */
  ownP50: number;
  ownP99: number;
  ownMax: number;
  /** How late each authorization started after its scheduled time (open loop; 0 in a closed loop). */
  lateP99: number;
  lateMax: number;
  statuses: Map<string, number>;
  /** Open loop: where the slow ones fall in time (slowWindows); empty in a closed loop. */
  slow: string;
}

export type AuthorizeOne = () => Promise<{ status: string } | void>;

function quantiles(xs: Float64Array) {
  xs.sort();
  const n = xs.length;
  const at = (q: number) => (n === 0 ? Number.NaN : xs[Math.min(n - 1, Math.floor(q * n))]!);
  return { p50: at(0.5), p99: at(0.99), max: n === 0 ? Number.NaN : xs[n - 1]! };
}

function summary(
  scheduled: Float64Array,
  own: Float64Array,
  late: Float64Array,
  wallS: number,
  statuses: Map<string, number>,
  slow = "",
): LoopResult {
  const s = quantiles(scheduled);
  const o = quantiles(own);
  const l = quantiles(late);
  return {
    total: scheduled.length,
    perSecond: scheduled.length / wallS,
    ...s,
    ownP50: o.p50,
    ownP99: o.p99,
    ownMax: o.max,
    lateP99: l.p99,
    lateMax: l.max,
    statuses,
    slow,
  };
}

const count = (statuses: Map<string, number>, status: string | undefined) =>
  statuses.set(status ?? "done", (statuses.get(status ?? "done") ?? 0) + 1);

/**
 * RATE authorizations a second for SECONDS, each timed from its scheduled start. `onDone` gets each
 * one's index and its latencies (the tail bench, bench/authorization-tail.ts, attributes them).
 */
export async function openLoop(
  authorizeOne: AuthorizeOne,
  rate: number,
  seconds: number,
  onDone?: (i: number, fromScheduledMs: number, ownMs: number) => void,
): Promise<LoopResult> {
  const total = Math.round(rate * seconds);
  const scheduledMs = new Float64Array(total);
  const ownMs = new Float64Array(total);
  const lateMs = new Float64Array(total);
  const statuses = new Map<string, number>();
  const start = performance.now() + 50;
  const at = (i: number) => start + (i * 1000) / rate;
  let next = 0;
  let running = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const run = async (i: number) => {
    const began = performance.now();
    lateMs[i] = began - at(i);
    const result = await authorizeOne();
    const end = performance.now();
    count(statuses, result?.status);
    scheduledMs[i] = end - at(i);
    ownMs[i] = end - began;
    onDone?.(i, scheduledMs[i]!, ownMs[i]!);
    if (--running === 0 && next === total) finish();
  };
  const tick = () => {
    const now = performance.now();
    while (next < total && at(next) <= now) {
      running++;
      void run(next++);
    }
    if (next < total) setTimeout(tick, Math.max(0, at(next) - performance.now()));
    else if (running === 0) finish();
  };
  setTimeout(tick, 50);
  await finished;
  const wallS = (performance.now() - start) / 1000;
  return summary(scheduledMs, ownMs, lateMs, wallS, statuses, slowWindows(scheduledMs, rate));
}

/** What "slow" means for slowWindows: issue 26's p99 goal. */
const SLOW_MS = 25;
const WINDOW_MS = 200;

/**
 * Where the authorizations slower than SLOW_MS (from their scheduled start) fall in the run, in windows
 * of WINDOW_MS by scheduled start: a few windows where nearly all are slow is the machine falling behind
 * (a stall: a checkpoint, the VM given less CPU, a queue), slow ones spread over every window is the
 * path itself (docs/performance.md, "Less app CPU per authorization"). E.g. "slow (> 25 ms) 234 of 4000,
 * in 3 of 40 windows of 200 ms; the worst 5.2 s (100 of 100), 5.4 s (100 of 100), 5.6 s (34 of 100)".
 */
export function slowWindows(scheduledMs: Float64Array, rate: number): string {
  const perWindow = Math.max(1, Math.round((rate * WINDOW_MS) / 1000));
  const windows: { at: number; slow: number; of: number }[] = [];
  let slow = 0;
  for (let from = 0; from < scheduledMs.length; from += perWindow) {
    const to = Math.min(scheduledMs.length, from + perWindow);
    let n = 0;
    for (let i = from; i < to; i++) if (scheduledMs[i]! > SLOW_MS) n++;
    slow += n;
    if (n > 0) windows.push({ at: from / rate, slow: n, of: to - from });
  }
  const total = Math.ceil(scheduledMs.length / perWindow);
  if (slow === 0) return `slow (> ${SLOW_MS} ms) none of ${scheduledMs.length}`;
  const worst = [...windows]
    .sort((a, b) => b.slow - a.slow)
    .slice(0, 3)
    .sort((a, b) => a.at - b.at)
    .map((w) => `${w.at.toFixed(1)} s (${w.slow} of ${w.of})`);
  return (
    `slow (> ${SLOW_MS} ms) ${slow} of ${scheduledMs.length}, in ${windows.length} of ${total} windows of ` +
    `${WINDOW_MS} ms; the worst ${worst.join(", ")}`
  );
}

/**
 * Before the measured loops: as many authorizations in flight as the pool has sessions, for a second,
 * so that every session has run the path (its prepared statements and plans, on top of the catalog
 * the app loads at start, server/db/warm.ts) and the code is compiled, as in a process that has been
 * serving. Without it the first half second of an open loop at 300/s ran on cold sessions and alone
 * made its p99 (about 100 ms, against 9 once warm: docs/performance.md, "Cold sessions"). Returns the
 * warm-up's own figures, the cold start, for the caller to print.
 */
export function warmUp(authorizeOne: AuthorizeOne, sessions: number, seconds = 1): Promise<LoopResult> {
  return closedLoop(authorizeOne, sessions, seconds);
}

/** A warm-up's figures, as the benches print them. */
export const coldStart = (r: LoopResult) => `p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`;

/** INFLIGHT authorizations at a time for SECONDS: what the machine sustains, and each one's latency. */
export async function closedLoop(
  authorizeOne: AuthorizeOne,
  inflight: number,
  seconds: number,
): Promise<LoopResult> {
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: inflight }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const result = await authorizeOne();
        latencies.push(performance.now() - t0);
        count(statuses, result?.status);
      }
    }),
  );
  const xs = Float64Array.from(latencies);
  return summary(
    xs,
    Float64Array.from(xs),
    new Float64Array(0),
    (performance.now() - start) / 1000,
    statuses,
  );
}
