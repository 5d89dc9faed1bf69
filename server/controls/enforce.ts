import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { CountedWindow } from "@/server/db/schema/controls";
import { lockCounters, moveCounters, sumBuckets } from "./counters";
import {
  type AuthorizationFacts,
  checkLists,
  checkPerAuthorization,
  checkWindows,
  type ControlDecline,
  windowChecks,
} from "./evaluate";
import { type LiveRule, loadAuthorizationControls } from "./load";
import {
  ruleDeclines,
  velocityCounts,
  velocityFrom,
  velocityKey,
  velocitySubject,
  velocityWindow,
} from "./rules/evaluate";
import { localDay } from "./windows";

/**
 * Spending controls and rules where the hold is taken (server/issuer/card-network/authorize.ts), in
 * its transaction (docs/spending-controls.md, Evaluation order): the lists, the per-authorization
 * limits, the active rules (shadow rules are evaluated beside them and only recorded), then the
 * windowed limits against their locked counters. The balance hold comes after; only an approved
 * authorization is counted (countAuthorization).
 */

export interface RuleResult {
  rule: LiveRule;
  declines: boolean;
}

export interface ControlsVerdict {
  decline: ControlDecline | null;
  /** The counters an approval adds to: the limits' windows and the rules' velocity buckets. */
  windows: CountedWindow[];
  rules: RuleResult[];
  timeZone: string;
}

async function evaluateRules(
  tx: Db,
  orgId: string,
  rules: readonly LiveRule[],
  facts: AuthorizationFacts,
): Promise<RuleResult[]> {
  const reads: { rule: number; condition: number; subject: string; key: string; from: Date }[] = [];
  rules.forEach((rule, r) =>
    rule.conditions.forEach((c, i) => {
      if (c.field === "velocity" && velocityCounts(c, facts))
        reads.push({
          rule: r,
          condition: i,
          subject: velocitySubject(c, facts),
          key: velocityKey(c),
          from: velocityFrom(c, facts.at),
        });
    }),
  );
  const sums = await sumBuckets(tx, orgId, reads);
  const perRule = rules.map(() => new Map<number, { amountMinor: number; count: number }>());
  reads.forEach((read, n) => perRule[read.rule]!.set(read.condition, sums[n]!));
  return rules.map((rule, r) => ({ rule, declines: ruleDeclines(rule.conditions, facts, perRule[r]!) }));
}

function velocityWindows(rules: readonly LiveRule[], facts: AuthorizationFacts): CountedWindow[] {
  return rules.flatMap((rule) =>
    rule.conditions.flatMap((c) =>
      c.field === "velocity" && velocityCounts(c, facts) ? [velocityWindow(c, facts)] : [],
    ),
  );
}

function ruleDecline(rule: LiveRule): ControlDecline {
  return {
    reason: "rule_declined",
    rule: {
      level: "rule",
      rule_id: rule.id,
      rule_version: rule.version,
      control: "auth_rule",
      interval: null,
      limit: null,
      description: `Declined by the card program's rule ${rule.id} (version ${rule.version}).`,
    },
  };
}

export async function evaluateControls(
  tx: Db,
  orgId: string,
  facts: AuthorizationFacts,
): Promise<ControlsVerdict> {
  const loaded = await loadAuthorizationControls(tx, orgId, {
    cardId: facts.cardId,
    customerId: facts.customerId,
  });
  const verdict: ControlsVerdict = { decline: null, windows: [], rules: [], timeZone: loaded.timeZone };
  if (loaded.levels.length === 0 && loaded.rules.length === 0) return verdict;
  verdict.rules = await evaluateRules(tx, orgId, loaded.rules, facts);
  verdict.decline = checkLists(loaded.levels, facts) ?? checkPerAuthorization(loaded.levels, facts);
  if (verdict.decline) return verdict;
  const activeHit = verdict.rules.find((r) => r.rule.state === "active" && r.declines);
  if (activeHit) {
    verdict.decline = ruleDecline(activeHit.rule);
    return verdict;
  }
  const checks = windowChecks(loaded.levels, facts, loaded.timeZone);
  if (checks.length > 0) {
    const counters = await lockCounters(
      tx,
      orgId,
      checks.map((c) => c.window),
    );
    verdict.decline = checkWindows(checks, counters, facts);
  }
  verdict.windows = [...checks.map((c) => c.window), ...velocityWindows(loaded.rules, facts)];
  return verdict;
}

/** An approved authorization counts in its windows. */
export async function countAuthorization(
  tx: Db,
  orgId: string,
  windows: readonly CountedWindow[],
  billingMinor: number,
): Promise<void> {
  await moveCounters(tx, orgId, windows, billingMinor, 1);
}

/** Which of the 16 rows of a rule's day a card adds to (auth_rule_daily_decisions.shard). */
function shardOf(cardId: string): number {
  let hash = 0;
  for (let i = 0; i < cardId.length; i++) hash = (hash * 31 + cardId.charCodeAt(i)) | 0;
  return Math.abs(hash) % 16;
}

/**
 * The rules' decisions on this authorization: per rule, day and mode a count (the performance
 * report), and each decline or would-be decline as a hit. Nothing here changes the outcome.
 */
export async function recordRuleDecisions(
  tx: Db,
  input: { orgId: string; verdict: ControlsVerdict; transactionId: string; facts: AuthorizationFacts },
): Promise<void> {
  const { verdict, facts, orgId } = input;
  if (verdict.rules.length === 0) return;
  const day = localDay(facts.at, verdict.timeZone);
  const shard = shardOf(facts.cardId);
  const rows = verdict.rules.map(
    (r) =>
      sql`(${orgId}, ${r.rule.id}, ${day}::date, ${r.rule.state}, ${shard}::smallint, 1, ${r.declines ? 1 : 0}, ${r.declines ? facts.billingMinor : 0}::bigint)`,
  );
  await tx.execute(sql`
    insert into auth_rule_daily_decisions as d (org_id, rule_id, day, mode, shard, evaluated, declined, declined_amount_minor)
    values ${sql.join(rows, sql`, `)}
    on conflict (rule_id, day, mode, shard) do update set evaluated = d.evaluated + 1,
      declined = d.declined + excluded.declined, declined_amount_minor = d.declined_amount_minor + excluded.declined_amount_minor`);
  const hits = verdict.rules.filter((r) => r.declines);
  if (hits.length === 0) return;
  await tx.execute(sql`
    insert into auth_rule_hits (org_id, rule_id, version, mode, transaction_id, customer_id, amount_minor, currency, created_at)
    values ${sql.join(
      hits.map(
        (h) =>
          sql`(${orgId}, ${h.rule.id}, ${h.rule.version}, ${h.rule.state}, ${input.transactionId}, ${facts.customerId},
            ${facts.billingMinor}::bigint, ${facts.billingCurrency}, ${facts.at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    )}
    on conflict do nothing`);
}
