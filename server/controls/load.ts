import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { RuleCondition } from "@/lib/contracts/auth-rules";
import type { StoredSpendingControls } from "@/lib/contracts/spending-controls";
import type { ControlLevel } from "@/lib/enums";
import type { Db } from "@/server/db/client";
import { rowsOf } from "@/server/db/client";
import type { LevelControls } from "./evaluate";

/**
 * What an authorization is checked against, read in one round trip by primary keys and the
 * (org_id, state) index: the card's, the customer's and the program's controls, the program's time
 * zone and its rules in shadow or active.
 */

export interface LiveRule {
  id: string;
  state: "shadow" | "active";
  version: number;
  conditions: RuleCondition[];
}

export interface AuthorizationControls {
  levels: LevelControls[];
  timeZone: string;
  rules: readonly LiveRule[];
}

const LEVEL_ORDER: Record<ControlLevel, number> = { card: 0, customer: 1, program: 2 };

export async function loadAuthorizationControls(
  tx: Db,
  orgId: string,
  ids: { cardId: string; customerId: string },
): Promise<AuthorizationControls> {
  const result = await tx.execute(controlsQuery(orgId, sql`${ids.cardId}`, sql`${ids.customerId}`));
  return authorizationControlsOf(rowsOf<ControlsRow>(result));
}

export type ControlsRow = { kind: string; data: unknown };

/**
 * The rows loadAuthorizationControls reads, for the card and customer the two expressions name (values,
 * or columns of an outer query: the authorization reads them with its card, in one round trip).
 * `knownGeneration`: the rule set's generation the caller holds the live rules of (ruleSetOf); the rules
 * are read only when the program's generation is another (auth_rule_sets, moved by a trigger on every
 * change of auth_rules), and the generation is always answered. Building the rules' JSON was the largest
 * part of what the controls cost Postgres per authorization (docs/performance.md, "The rules read once
 * per change").
 */
export function controlsQuery(
  orgId: string | Placeholder,
  cardId: SQL,
  customerId: SQL,
  knownGeneration: number | Placeholder = -1,
): SQL {
  const generation = sql`coalesce((select generation from auth_rule_sets where org_id = ${orgId}), 0)`;
  return sql`select level as kind, controls as data from spending_controls
      where org_id = ${orgId} and (level, target_id) in (('card', ${cardId}), ('customer', ${customerId}), ('program', ''))
    union all
    select 'tz', to_jsonb(time_zone) from program_control_settings where org_id = ${orgId}
    union all
    select 'generation', to_jsonb(${generation})
    union all
    select 'rule', jsonb_build_object('id', id, 'state', state, 'version', version, 'conditions', conditions)
      from auth_rules where org_id = ${orgId} and state in ('shadow', 'active')
        and ${generation} <> ${knownGeneration}::bigint`;
}

/**
 * The live rules of a program at a generation of its rule set, kept per process. A generation names one
 * committed rule set (the trigger moves it in the transaction that changes a rule), so rules kept for
 * the generation a transaction reads are the rules that transaction would read. At most MAX_RULE_SETS
 * programs are kept; past that the map starts again.
 */
interface RuleSet {
  generation: number;
  rules: readonly LiveRule[];
}
const RULE_SETS = new Map<string, RuleSet>();
const MAX_RULE_SETS = 1000;

/** The rule set the process holds for the program, to pass its generation to controlsQuery. */
export function ruleSetOf(orgId: string): RuleSet | undefined {
  return RULE_SETS.get(orgId);
}

function keepRuleSet(orgId: string, set: RuleSet): void {
  const held = RULE_SETS.get(orgId);
  // Never back to an older generation (a transaction that began before a change may answer after it).
  if (held && held.generation >= set.generation) return;
  if (!held && RULE_SETS.size >= MAX_RULE_SETS) RULE_SETS.clear();
  // Shared by every authorization of the program from now on: frozen, so none can change another's.
  for (const rule of set.rules) frozen(rule);
  RULE_SETS.set(orgId, set);
}

function frozen(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  for (const inner of Object.values(value)) frozen(inner);
  Object.freeze(value);
}

/**
 * The controls from controlsQuery's rows. With `known` (the rule set whose generation the query was
 * given), the rules come from it when the generation read is its own (the query then read none).
 */
export function authorizationControlsOf(
  rows: readonly ControlsRow[],
  ruleSet?: { orgId: string; known: RuleSet | undefined },
): AuthorizationControls {
  const out: AuthorizationControls = { levels: [], timeZone: "UTC", rules: [] };
  const rules: LiveRule[] = [];
  let generation = -1;
  for (const row of rows) {
    if (row.kind === "tz") out.timeZone = row.data as string;
    else if (row.kind === "generation") generation = Number(row.data);
    else if (row.kind === "rule") rules.push(row.data as LiveRule);
    else out.levels.push({ level: row.kind as ControlLevel, controls: row.data as StoredSpendingControls });
  }
  out.levels.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
  if (ruleSet?.known && ruleSet.known.generation === generation) {
    out.rules = ruleSet.known.rules;
    return out;
  }
  out.rules = rules.sort((a, b) => (a.id < b.id ? -1 : 1));
  if (ruleSet && generation >= 0) keepRuleSet(ruleSet.orgId, { generation, rules });
  return out;
}

/** The program's time zone (UTC until one is set). */
export async function programTimeZone(db: Db, orgId: string): Promise<string> {
  const result = await db.execute(
    sql`select time_zone from program_control_settings where org_id = ${orgId}`,
  );
  return rowsOf<{ time_zone: string }>(result)[0]?.time_zone ?? "UTC";
}
