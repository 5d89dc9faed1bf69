import type { RuleCondition } from "@/lib/contracts/auth-rules";
import { mccInCategories } from "@/lib/mcc";
import { parseAmountToMinor } from "@/lib/money";
import type { CountedWindow } from "@/server/db/schema/controls";
import type { AuthorizationFacts } from "../evaluate";
import { bucketStart, velocityBucketMinutes } from "../windows";

/**
 * An authorization rule against one authorization (docs/spending-controls.md, The rule language):
 * it declines when every condition holds. Velocity conditions read trailing sums the caller looked
 * up (./velocity.ts live, ./backtest.ts from history), this authorization included.
 */

export type VelocityCondition = Extract<RuleCondition, { field: "velocity" }>;

/** The filter key of a velocity condition's counter: its categories and countries, sorted. */
export function velocityKey(c: VelocityCondition): string {
  const mcc = c.mcc ? [...c.mcc].sort().join(",") : "";
  const countries = c.merchant_countries ? [...c.merchant_countries].sort().join(",") : "";
  return `v${velocityBucketMinutes(c.window_minutes)}|${mcc}|${countries}`;
}

export function velocitySubject(c: VelocityCondition, facts: AuthorizationFacts): string {
  return c.scope === "customer" ? facts.customerId : facts.cardId;
}

/** Whether this authorization counts in a velocity condition's buckets. */
export function velocityCounts(c: VelocityCondition, facts: AuthorizationFacts): boolean {
  if (c.mcc && !mccInCategories(facts.mcc, c.mcc)) return false;
  if (c.merchant_countries && !c.merchant_countries.includes(facts.country ?? "")) return false;
  return true;
}

/** The bucket this authorization adds to for a velocity condition. */
export function velocityWindow(c: VelocityCondition, facts: AuthorizationFacts): CountedWindow {
  return {
    subject: velocitySubject(c, facts),
    key: velocityKey(c),
    start: bucketStart(facts.at, velocityBucketMinutes(c.window_minutes)).toISOString(),
  };
}

/** The first bucket a trailing window reads (the window is widened to whole buckets). */
export function velocityFrom(c: VelocityCondition, at: Date): Date {
  return bucketStart(
    new Date(at.getTime() - c.window_minutes * 60_000),
    velocityBucketMinutes(c.window_minutes),
  );
}

function compare(op: "gt" | "gte" | "lt" | "lte", left: number, right: number): boolean {
  switch (op) {
    case "gt":
      return left > right;
    case "gte":
      return left >= right;
    case "lt":
      return left < right;
    case "lte":
      return left <= right;
  }
}

function member(op: "in" | "not_in", hit: boolean): boolean {
  return op === "in" ? hit : !hit;
}

/** What the trailing window held before this authorization, per velocity condition (by index). */
export type VelocitySums = ReadonlyMap<number, { amountMinor: number; count: number }>;

export function conditionHolds(
  c: RuleCondition,
  index: number,
  facts: AuthorizationFacts,
  velocity: VelocitySums,
): boolean {
  switch (c.field) {
    case "amount":
      return compare(c.op, facts.billingMinor, parseAmountToMinor(c.value) ?? 0);
    case "currency":
      return member(c.op, (c.values as readonly string[]).includes(facts.currency));
    case "mcc":
      return member(c.op, mccInCategories(facts.mcc, c.values));
    case "merchant_country":
      return member(c.op, c.values.includes(facts.country ?? ""));
    case "merchant_name": {
      const name = (facts.merchant ?? "").toLowerCase();
      const value = c.value.toLowerCase();
      if (c.op === "equals") return name === value;
      return c.op === "contains" ? name.includes(value) : name.startsWith(value);
    }
    case "card_type":
      return member(c.op, (c.values as readonly string[]).includes(facts.cardType));
    case "customer":
      return member(c.op, c.values.includes(facts.svcCardId));
    case "velocity": {
      if (!velocityCounts(c, facts)) return false;
      const before = velocity.get(index) ?? { amountMinor: 0, count: 0 };
      if (c.measure === "count") return compare(c.op, before.count + 1, c.value);
      return compare(c.op, before.amountMinor + facts.billingMinor, parseAmountToMinor(c.value) ?? 0);
    }
  }
}

export function ruleDeclines(
  conditions: readonly RuleCondition[],
  facts: AuthorizationFacts,
  velocity: VelocitySums,
): boolean {
  return conditions.every((c, i) => conditionHolds(c, i, facts, velocity));
}
