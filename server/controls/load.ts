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
  rules: LiveRule[];
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
 */
export function controlsQuery(orgId: string | Placeholder, cardId: SQL, customerId: SQL): SQL {
  return sql`select level as kind, controls as data from spending_controls
      where org_id = ${orgId} and (level, target_id) in (('card', ${cardId}), ('customer', ${customerId}), ('program', ''))
    union all
    select 'tz', to_jsonb(time_zone) from program_control_settings where org_id = ${orgId}
    union all
    select 'rule', jsonb_build_object('id', id, 'state', state, 'version', version, 'conditions', conditions)
      from auth_rules where org_id = ${orgId} and state in ('shadow', 'active')`;
}

export function authorizationControlsOf(rows: readonly ControlsRow[]): AuthorizationControls {
  const out: AuthorizationControls = { levels: [], timeZone: "UTC", rules: [] };
  for (const row of rows) {
    if (row.kind === "tz") out.timeZone = row.data as string;
    else if (row.kind === "rule") out.rules.push(row.data as LiveRule);
    else out.levels.push({ level: row.kind as ControlLevel, controls: row.data as StoredSpendingControls });
  }
  out.levels.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
  out.rules.sort((a, b) => (a.id < b.id ? -1 : 1));
  return out;
}

/** The program's time zone (UTC until one is set). */
export async function programTimeZone(db: Db, orgId: string): Promise<string> {
  const result = await db.execute(
    sql`select time_zone from program_control_settings where org_id = ${orgId}`,
  );
  return rowsOf<{ time_zone: string }>(result)[0]?.time_zone ?? "UTC";
}
