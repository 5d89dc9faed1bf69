import { describe, expect, it, vi } from "vitest";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { refundCardTransaction } from "@/server/issuer/card-network/refund";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { decideDispute } from "@/server/issuer/disputes/decide";
import { balanceOf, keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { cardholderBrowser } from "@/server/testing/cardholder-browser";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { fileMyDisputeAction } from "./cardholder-card";

// The cardholder's browser: its session cookie (the one thing Next provides that is missing here).
vi.mock("next/headers", async () => (await import("@/server/testing/cardholder-browser")).nextHeaders);

const database = withTestDatabase();
const browser = cardholderBrowser();

/** My card's Dispute (fileMyDisputeAction) obeys the rule of issue 23, defect 1, as REST does. */
describe("My card's dispute action", () => {
  it("files once; a won or fully refunded purchase is refused with PURCHASE_ALREADY_CREDITED", async () => {
    const org = await createTestOrg(database.db);
    const staff = keyCtx(database.db, org.orgId);
    const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
    await browser.signIn(database.db, { orgId: org.orgId, customerId: customer.id });
    const purchase = async (amount: number) => {
      const t = await authorizeCardTransaction({
        ctx: staff,
        input: { card_id: card.id, amount, currency: "EUR", merchant: "Lamp Store", type: "purchase" },
      });
      return (await settleCardTransaction({ ctx: staff, input: { transactionId: t.transaction_id } }))
        .transaction_id;
    };
    const file = (transactionId: string) =>
      fileMyDisputeAction({ transactionId, reason_code: "not_received", description: "Never arrived" });

    const txn = await purchase(4000);
    const filed = await file(txn);
    if (!filed.ok) throw new Error(JSON.stringify(filed.error));
    const before = (await balanceOf(database.db, customer.id)).ledgerMinor;
    await decideDispute({ ctx: staff, input: { disputeId: filed.data.dispute_id, status: "won" } });
    expect((await balanceOf(database.db, customer.id)).ledgerMinor).toBe(before + 4000);
    const again = await file(txn);
    expect(again).toMatchObject({ ok: false, error: { code: "PURCHASE_ALREADY_CREDITED" } });

    const refunded = await purchase(1500);
    await refundCardTransaction({ ctx: staff, input: { transactionId: refunded } });
    expect(await file(refunded)).toMatchObject({ ok: false, error: { code: "PURCHASE_ALREADY_CREDITED" } });
    // The refund gave back what the purchase took: the ledger is where the win left it.
    expect((await balanceOf(database.db, customer.id)).ledgerMinor).toBe(before + 4000);
  });
});
