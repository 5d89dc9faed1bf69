import { describe, expect, it } from "vitest";
import { cardTransactions } from "@/server/db/schema/money";
import { coffeePurchase, keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { authorizeCardTransaction } from "./authorize";

/*
 * A card transaction's one foreign key is its customer AND that customer's organization
 * (server/db/schema/money.ts): a row can only belong to the program its customer belongs to.
 */

const database = withTestDatabase();

describe("a card transaction's keys", () => {
  it("a row whose organization is not its customer's is refused; the authorization's own row is kept", async () => {
    const org = await createTestOrg(database.db);
    const other = await createTestOrg(database.db);
    const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
    const view = await authorizeCardTransaction({
      ctx: keyCtx(database.db, org.orgId),
      input: coffeePurchase(card.id, 250),
    });
    expect(view.status).toBe("authorized");

    const now = new Date();
    const row = {
      id: "txn_foreign_program",
      customerId: customer.id,
      svcCardId: customer.svcCardId,
      cardId: card.id,
      cardToken: card.cardToken,
      type: "purchase" as const,
      status: "authorized" as const,
      amountMinor: 100,
      currency: "EUR" as const,
      billingAmountMinor: 100,
      billingCurrency: "EUR" as const,
      authorizedAt: now,
      createdAt: now,
    };
    const refused = await database.db
      .insert(cardTransactions)
      .values({ ...row, orgId: other.orgId })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refused).not.toBeNull();
    expect(String((refused as { cause?: unknown }).cause ?? refused)).toMatch(
      /card_transactions_customer_org_fk/,
    );
    // The same row in its customer's own program is accepted.
    await database.db.insert(cardTransactions).values({ ...row, orgId: org.orgId });
  });
});
