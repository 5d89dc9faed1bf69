import { sql } from "drizzle-orm";
import type { RuleCondition } from "@/lib/contracts/auth-rules";
import { randomBase62 } from "@/lib/ids";
import { MCC_GROUPS } from "@/lib/mcc";
import type { Db } from "@/server/db/client";
import {
  authRules,
  authRuleVersions,
  programControlSettings,
  spendingControls,
} from "@/server/db/schema/controls";

/**
 * The demo program's spending controls (docs/spending-controls.md): the program in Europe/Berlin with
 * no gambling and a per-purchase cap, daily limits on a few customers' cards, and a rule in shadow
 * ("restaurant bills above 80") whose history of would-be declines over the last 14 days is derived
 * from the demo's own transactions, so the Rules page has results to show at once.
 */
const RULE_THRESHOLD_MINOR = 8_000;

export async function seedDemoControls(db: Db, orgId: string): Promise<void> {
  await db.insert(programControlSettings).values({ orgId, timeZone: "Europe/Berlin" });
  await db.insert(spendingControls).values({
    orgId,
    level: "program",
    targetId: "",
    controls: {
      spending_limits: [{ amount_minor: 250_000, interval: "per_authorization" }],
      count_limits: [],
      blocked_categories: ["gambling"],
    },
  });
  await db.execute(sql`
    insert into spending_controls (org_id, level, target_id, controls)
    select ${orgId}, 'card', c.id, ${JSON.stringify({
      spending_limits: [{ amount_minor: 20_000, interval: "daily" }],
      count_limits: [{ count: 20, interval: "daily" }],
    })}::jsonb
    from cards c where c.org_id = ${orgId} and c.status = 'active' order by c.created_at limit 3`);

  const conditions: RuleCondition[] = [
    { field: "mcc", op: "in", values: ["restaurants"] },
    { field: "amount", op: "gt", value: RULE_THRESHOLD_MINOR / 100 },
  ];
  const id = `arl_${randomBase62(20)}`;
  const name = "Restaurant bills above 80";
  const created = sql`now() - interval '14 days'`;
  await db
    .insert(authRules)
    .values({ id, orgId, name, state: "shadow", version: 1, conditions, createdAt: created });
  await db.insert(authRuleVersions).values({ ruleId: id, version: 1, name, conditions, createdAt: created });
  const [from, to] = MCC_GROUPS.restaurants.ranges[0];
  const matches = sql`t.merchant_category between ${from} and ${to} and t.billing_amount_minor > ${RULE_THRESHOLD_MINOR}`;
  const recent = sql`t.org_id = ${orgId} and t.type = 'purchase' and t.created_at > now() - interval '14 days'`;
  await db.execute(sql`
    insert into auth_rule_daily_decisions (org_id, rule_id, day, mode, evaluated, declined, declined_amount_minor)
    select ${orgId}, ${id}, (t.created_at at time zone 'Europe/Berlin')::date, 'shadow', count(*),
      count(*) filter (where ${matches}), coalesce(sum(t.billing_amount_minor) filter (where ${matches}), 0)
    from card_transactions t where ${recent} group by 3`);
  await db.execute(sql`
    insert into auth_rule_hits (org_id, rule_id, version, mode, transaction_id, customer_id, amount_minor, currency, created_at)
    select ${orgId}, ${id}, 1, 'shadow', t.id, t.customer_id, t.billing_amount_minor, t.billing_currency, t.created_at
    from card_transactions t where ${recent} and ${matches}`);
}
