import type { Context } from "hono";
import { ServiceError } from "@/lib/errors";
import type { Db } from "@/server/db/client";
import { hitRateLimit, type RateLimitRule, type RateLimitState } from "@/server/platform/rate-limit";
import { setResponseHeader } from "./kit-state";
import type { ApiEnv } from "./types";

/** A route's limit, declared with the route (and listed in the OpenAPI document). */
export interface RouteRateLimit {
  /** Counter name shared by the routes that count together, e.g. "exchange-rate". */
  name: string;
  limit: number;
  windowSeconds: number;
  /** Counted per organization (authenticated routes) or per client IP. */
  per: "org" | "ip";
}

/** The rule a route's limit stands for, for this caller. */
export function ruleOf(limit: RouteRateLimit, who: { orgId?: string; ip?: string }): RateLimitRule {
  const subject = limit.per === "org" ? who.orgId : who.ip;
  return {
    bucket: `${limit.name}:${limit.per}:${subject ?? "unknown"}`,
    limit: limit.limit,
    windowSeconds: limit.windowSeconds,
  };
}

/**
 * Counts this request against each limit (in the database, so every app instance shares the
 * count), sets RateLimit-Limit/Remaining/Reset from the tightest one, and throws 429
 * RATE_LIMITED with Retry-After when any is exceeded.
 */
export async function applyRateLimits(
  c: Context<ApiEnv>,
  db: Db,
  limits: readonly RouteRateLimit[],
  who: { orgId?: string; ip?: string },
): Promise<void> {
  const states: RateLimitState[] = [];
  for (const limit of limits) states.push(await hitRateLimit(db, ruleOf(limit, who)));
  reportRateLimits(c, states);
}

/** The RateLimit headers of the tightest limit; 429 RATE_LIMITED with Retry-After when one is exceeded. */
export function reportRateLimits(c: Context<ApiEnv>, states: readonly RateLimitState[]): void {
  const tightest = states.reduce((a, b) =>
    b.remaining < a.remaining || (b.remaining === a.remaining && b.resetSeconds > a.resetSeconds) ? b : a,
  );
  setResponseHeader(c, "ratelimit-limit", String(tightest.limit));
  setResponseHeader(c, "ratelimit-remaining", String(tightest.remaining));
  setResponseHeader(c, "ratelimit-reset", String(tightest.resetSeconds));
  const blocked = states.filter((s) => !s.allowed);
  if (blocked.length > 0) {
    const retryAfter = Math.max(...blocked.map((s) => s.resetSeconds));
    throw new ServiceError("RATE_LIMITED", `Too many requests. Try again in ${retryAfter} s.`, {
      retryAfter,
    });
  }
}
