import { authRuleInputSchema } from "@/lib/contracts/auth-rules";
import { spendingControlsInputSchema } from "@/lib/contracts/spending-controls";
import type { CardRow } from "@/server/cards/customers/find";
import { changeAuthRuleState, createAuthRule, promoteAuthRule } from "@/server/controls/rules/store";
import { replaceCardSpendingControls, replaceCustomerSpendingControls } from "@/server/controls/store";
import type { Db } from "@/server/db/client";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { createTestOrg } from "@/server/testing/fixtures";

/**
 * The program the authorization benches load (bench/authorization-controls.ts,
 * bench/authorization-tail.ts): CARDS funded cards of one organization, without controls or with
 * every card carrying 3 limits (per authorization, daily, weekly) and 2 lists (blocked categories,
 * allowed countries), every customer 2 limits (monthly amount, daily count), and 10 active rules,
 * 2 of them velocity rules; none declines the bench's purchases, so every check runs. The function
 * returned authorizes one purchase on the next card (round robin) and throws on a decline.
 */
export async function authorizationProgram(db: Db, cardCount: number, withControls: boolean) {
  const org = await createTestOrg(db);
  const ctx = keyCtx(db, org.orgId);
  const cards: CardRow[] = [];
  for (let i = 0; i < cardCount; i++) {
    const { customer, card } = await spendingCustomer(db, org.orgId, { fundMinor: 1_000_000_000 });
    cards.push(card);
    if (!withControls) continue;
    await replaceCardSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        cardId: card.id,
        controls: spendingControlsInputSchema.parse({
          spending_limits: [
            { amount: 5_000, interval: "per_authorization" },
            { amount: 1_000_000, interval: "daily" },
            { amount: 5_000_000, interval: "weekly" },
          ],
          blocked_categories: ["gambling", "adult"],
          allowed_merchant_countries: ["DE", "FR", "NL", "AT", "ES", "IT"],
        }),
      },
    });
    await replaceCustomerSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        controls: spendingControlsInputSchema.parse({
          spending_limits: [{ amount: 9_000_000, interval: "monthly" }],
          count_limits: [{ count: 1_000_000, interval: "daily" }],
        }),
      },
    });
  }
  if (withControls) {
    const rules = [
      [{ field: "amount", op: "gt", value: 9_000 }],
      [{ field: "currency", op: "in", values: ["GBP"] }],
      [{ field: "mcc", op: "in", values: ["crypto"] }],
      [{ field: "merchant_country", op: "in", values: ["KP", "IR"] }],
      [{ field: "merchant_name", op: "contains", value: "casino" }],
      [
        { field: "card_type", op: "in", values: ["physical"] },
        { field: "amount", op: "gt", value: 1_000 },
      ],
      [{ field: "customer", op: "in", values: ["sc_none"] }],
      [
        { field: "amount", op: "gte", value: 8_000 },
        { field: "mcc", op: "in", values: ["travel"] },
      ],
      [{ field: "velocity", measure: "count", window_minutes: 60, op: "gt", value: 100_000 }],
      [
        {
          field: "velocity",
          measure: "amount",
          window_minutes: 1_440,
          scope: "customer",
          op: "gt",
          value: 10_000_000,
          mcc: ["restaurants"],
        },
      ],
    ];
    for (const [i, conditions] of rules.entries()) {
      const rule = await createAuthRule({
        ctx,
        input: authRuleInputSchema.parse({ name: `rule ${i}`, conditions }),
      });
      await changeAuthRuleState({ ctx, input: { ruleId: rule.id, state: "shadow" } });
      await promoteAuthRule({ ctx, input: { ruleId: rule.id } });
    }
  }
  let n = 0;
  const authorizeOne = async () => {
    const card = cards[n++ % cards.length]!;
    const txn = await authorizeCardTransaction({
      ctx,
      input: {
        card_id: card.cardToken,
        amount: 1_000 + (n % 500),
        currency: "EUR",
        merchant: "Coffee Bar",
        merchant_category: "5814",
        merchant_country: "DE",
        type: "purchase",
      },
    });
    if (txn.status !== "authorized") throw new Error(`declined: ${txn.decline_reason_code}`);
  };
  return authorizeOne;
}
