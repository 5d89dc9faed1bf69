import { env } from "@/lib/env";

/** The retry policy: delays before attempts 2..7, in seconds (docs/webhooks.md, Pipeline). */
export const DEFAULT_RETRY_DELAYS_SECONDS = [60, 300, 1_800, 7_200, 43_200, 86_400] as const;
/** Automatic attempts per delivery. */
export const MAX_ATTEMPTS = 7;
/** Deliveries in a row that end failed for good before the subscription is disabled. */
export const DISABLE_AFTER_FAILURES = 100;
/** A receiver has this long to answer with a 2xx. */
export const RESPONSE_TIMEOUT_MS = 30_000;

/** The retry delays in force: WEBHOOK_RETRY_SCHEDULE (tests only) or the interface's. */
export function retryDelaysSeconds(): readonly number[] {
  const custom = env().WEBHOOK_RETRY_SCHEDULE;
  return custom ? custom.split(",").map((s) => Number(s.trim())) : DEFAULT_RETRY_DELAYS_SECONDS;
}

/**
 * Milliseconds from a failed attempt to the next one, or null when none follows. `attempt` is the
 * 1-based attempt that just failed; `limit` is the delivery's attempt limit (7, or more after a
 * manual retry of a failed delivery, whose one extra attempt gets no automatic follow-up).
 */
export function nextRetryDelayMs(attempt: number, limit: number = MAX_ATTEMPTS): number | null {
  if (attempt >= limit) return null;
  const delays = retryDelaysSeconds();
  const seconds = delays[Math.min(attempt, delays.length) - 1];
  return seconds === undefined ? null : Math.round(seconds * 1000);
}
