/**
 * When the endpoint's call must end (docs/authorization-endpoint.md, What timeout_ms covers): the
 * whole authorization, from its start, resolves within `timeout_ms`, so the call gets what is left
 * of it once the quick checks before the call are done, less what the hold's transaction after the
 * call is expected to need. That need is learned from this process's own authorizations: the 99th
 * percentile of the last SAMPLES times from a call's end to its authorization's end (the third
 * slowest of 128), at least FLOOR_MS and at most half of `timeout_ms` (the endpoint always keeps some
 * of its time, even when the database is slow). The 95th left one hold in 20 to overrun what was
 * kept for it, and on a busy 2-core machine the slowest of them overran the 50 ms the goal allows
 * beyond `timeout_ms` (docs/performance.md, issue 27's row).
 */

const SAMPLES = 128;
const FLOOR_MS = 5;
/** Until SAMPLES are known: a hold's transaction on a busy machine. */
const FIRST_GUESS_MS = 20;

const recent = new Float64Array(SAMPLES);
let noted = 0;
let estimateMs = FIRST_GUESS_MS;

/** One authorization's time from the end of its call to its end (the hold's transaction). */
export function noteWorkAfterCall(ms: number): void {
  recent[noted % SAMPLES] = ms;
  noted++;
  // Re-estimated every 16 authorizations: a sort of 128 numbers, not one per authorization.
  if (noted % 16 !== 0) return;
  const known = recent.slice(0, Math.min(noted, SAMPLES)).sort();
  estimateMs = known[Math.floor(0.99 * (known.length - 1))]!;
}

/** What is kept for the work after the call, for an endpoint of `timeoutMs`. */
export function reserveMs(timeoutMs: number): number {
  return Math.min(Math.max(estimateMs, FLOOR_MS), timeoutMs / 2);
}

/**
 * The call's deadline on the `performance.now()` clock: the authorization's start plus `timeoutMs`,
 * less the reserve for the hold.
 */
export function callDeadline(startedAt: number, timeoutMs: number): number {
  return startedAt + timeoutMs - reserveMs(timeoutMs);
}

/** For tests: forget what was learned. */
export function resetDeadlineEstimate(): void {
  noted = 0;
  estimateMs = FIRST_GUESS_MS;
}
