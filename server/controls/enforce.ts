import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { CountedWindow } from "@/server/db/schema/controls";
import { shardOf } from "@/server/db/shard";
import { executeNamed, runWrites, type Write, write } from "@/server/db/statements";
import { type BucketRead, counterReadingsOf, lockAndSumStatement, moveStatement } from "./counters";
import {
  type AuthorizationFacts,
  checkLists,
  checkPerAuthorization,
  checkWindows,
  type ControlDecline,
  type WindowCheck,
  windowChecks,
} from "./evaluate";
import { type AuthorizationControls, type LiveRule, loadAuthorizationControls } from "./load";
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
 * authorization is counted (recordRuleDecisions, approved).
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

/** The velocity rules' reads of their trailing buckets, each with its rule and condition. */
function velocityReads(rules: readonly LiveRule[], facts: AuthorizationFacts) {
  const reads: (BucketRead & { rule: number; condition: number })[] = [];
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
  return reads;
}

function rulesWith(
  rules: readonly LiveRule[],
  facts: AuthorizationFacts,
  reads: ReturnType<typeof velocityReads>,
  sums: readonly { amountMinor: number; count: number }[],
): RuleResult[] {
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

/**
 * What an authorization's controls need before their verdict, without the database: the list or
 * per-authorization decline (none needs a counter), the windowed limits to check and the velocity
 * rules' bucket reads. Past them, the windows are locked and the buckets summed in one statement
 * (countersStatement), then decideControls gives the verdict.
 */
export interface ControlsPlan {
  loaded: AuthorizationControls;
  facts: AuthorizationFacts;
  listDecline: ControlDecline | null;
  checks: WindowCheck[];
  reads: ReturnType<typeof velocityReads>;
}

export function planControls(loaded: AuthorizationControls, facts: AuthorizationFacts): ControlsPlan {
  const none = loaded.levels.length === 0 && loaded.rules.length === 0;
  const listDecline = none
    ? null
    : (checkLists(loaded.levels, facts) ?? checkPerAuthorization(loaded.levels, facts));
  return {
    loaded,
    facts,
    listDecline,
    // An active rule's decline leaves the windows unused; a list's, unchecked.
    checks: none || listDecline ? [] : windowChecks(loaded.levels, facts, loaded.timeZone),
    reads: none ? [] : velocityReads(loaded.rules, facts),
  };
}

/**
 * The plan's lock of its windows and sums of its buckets in one statement (null: none to read).
 * `reserve`: also counts the authorization, now, in every window an approval counts in (the limits'
 * and the rules' velocity buckets), answering what each held before it. The caller takes it back by
 * rolling back to a savepoint it set before this statement when the authorization is then declined
 * (server/issuer/card-network/authorize.ts), and tells ruleDecisionWrites the windows are counted.
 * Only without a list's decline (nothing to reserve for).
 */
export function countersStatement(
  orgId: string,
  plan: ControlsPlan,
  opts: { reserve?: boolean } = {},
): SQL | null {
  const limits = plan.checks.map((c) => c.window);
  const reserve = opts.reserve && !plan.listDecline;
  return lockAndSumStatement(
    orgId,
    reserve ? [...limits, ...velocityWindows(plan.loaded.rules, plan.facts)] : limits,
    plan.reads,
    reserve ? { amountMinor: plan.facts.billingMinor, count: 1 } : undefined,
  );
}

/** The verdict, from the plan and what countersStatement read (null when it did not run). */
export function decideControls(plan: ControlsPlan, result: unknown): ControlsVerdict {
  const { loaded, facts } = plan;
  const verdict: ControlsVerdict = { decline: null, windows: [], rules: [], timeZone: loaded.timeZone };
  if (loaded.levels.length === 0 && loaded.rules.length === 0) return verdict;
  const { held, sums } = counterReadingsOf(result, plan.reads);
  verdict.rules = rulesWith(loaded.rules, facts, plan.reads, sums);
  verdict.decline = plan.listDecline;
  if (verdict.decline) return verdict;
  const activeHit = verdict.rules.find((r) => r.rule.state === "active" && r.declines);
  if (activeHit) {
    verdict.decline = ruleDecline(activeHit.rule);
    return verdict;
  }
  if (plan.checks.length > 0) verdict.decline = checkWindows(plan.checks, held, facts);
  verdict.windows = [...plan.checks.map((c) => c.window), ...velocityWindows(loaded.rules, facts)];
  return verdict;
}

/** `loaded`: the controls when the caller read them already (the authorization, with its card). */
export async function evaluateControls(
  tx: Db,
  orgId: string,
  facts: AuthorizationFacts,
  loaded?: AuthorizationControls,
): Promise<ControlsVerdict> {
  loaded ??= await loadAuthorizationControls(tx, orgId, {
    cardId: facts.cardId,
    customerId: facts.customerId,
  });
  const plan = planControls(loaded, facts);
  const statement = countersStatement(orgId, plan);
  return decideControls(plan, statement ? await executeNamed(tx, statement) : null);
}

/**
 * After the decision, in one statement: an approved authorization's count in its windows (the limits'
 * and the velocity buckets), and the rules' decisions on it, per rule, day and mode a count (the
 * performance report), each decline or would-be decline as a hit. Nothing here changes the outcome.
 */
export async function recordRuleDecisions(tx: Db, input: RuleDecisionsInput): Promise<void> {
  await runWrites(tx, ruleDecisionWrites(input));
}

export interface RuleDecisionsInput {
  orgId: string;
  verdict: ControlsVerdict;
  transactionId: string;
  facts: AuthorizationFacts;
  /** Approved: the authorization counts in verdict.windows. */
  approved?: boolean;
  /** The windows were counted when they were locked (countersStatement's reserve): nothing to add. */
  reserved?: boolean;
}

/** recordRuleDecisions as writes among others (server/db/statements.ts): the authorization sends them with its own. */
export function ruleDecisionWrites(input: RuleDecisionsInput): Write[] {
  const { verdict, facts, orgId } = input;
  const writes: Write[] = [];
  if (input.approved && !input.reserved && verdict.windows.length > 0)
    writes.push(write(moveStatement(orgId, verdict.windows, facts.billingMinor, 1)));
  if (verdict.rules.length > 0) {
    const day = localDay(facts.at, verdict.timeZone);
    // Which of the rule's day's rows the card adds to (auth_rule_daily_decisions.shard).
    const shard = shardOf(facts.cardId);
    // The rules as one JSON parameter, in their order (by id): one statement text whatever their number.
    const rows = verdict.rules.map((r) => ({
      rule_id: r.rule.id,
      mode: r.rule.state,
      declined: r.declines ? 1 : 0,
      amount: r.declines ? facts.billingMinor : 0,
    }));
    writes.push(
      write(sql`
      insert into auth_rule_daily_decisions as d (org_id, rule_id, day, mode, shard, evaluated, declined, declined_amount_minor)
      select ${orgId}, r.rule_id, ${day}::date, r.mode, ${shard}::smallint, 1, r.declined, r.amount
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r (rule_id text, mode text, declined int, amount bigint)
      on conflict (rule_id, day, mode, shard) do update set evaluated = d.evaluated + 1,
        declined = d.declined + excluded.declined, declined_amount_minor = d.declined_amount_minor + excluded.declined_amount_minor`),
    );
  }
  const hits = verdict.rules.filter((r) => r.declines);
  if (hits.length > 0)
    writes.push(
      write(sql`
      insert into auth_rule_hits (org_id, rule_id, version, mode, transaction_id, customer_id, amount_minor, currency, created_at)
      values ${sql.join(
        hits.map(
          (h) =>
            sql`(${orgId}, ${h.rule.id}, ${h.rule.version}, ${h.rule.state}, ${input.transactionId}, ${facts.customerId},
              ${facts.billingMinor}::bigint, ${facts.billingCurrency}, ${facts.at.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      )}
      on conflict do nothing`),
    );
  return writes;
}
