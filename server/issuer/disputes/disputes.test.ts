import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import {
  balanceOf,
  eventsOf,
  keyCtx,
  spendingCustomer,
  totalsVersusBalances,
} from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { decideDispute, withdrawDispute } from "./decide";
import { fileDispute } from "./file";
import { getDispute, listCustomerDisputes, listDisputes } from "./read";

const database = withTestDatabase();

async function setup() {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(database.db, org.orgId);
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
  const pay = (amount: number) =>
    authorizeCardTransaction({
      ctx,
      input: {
        card_id: card.id,
        amount,
        currency: "EUR",
        merchant: "Book Shop",
        merchant_category: "5942",
        merchant_city: "Paris",
        merchant_country: "FR",
        type: "purchase",
      },
    });
  const settled = async (amount: number) => {
    const t = await pay(amount);
    return settleCardTransaction({ ctx, input: { transactionId: t.transaction_id } });
  };
  const file = (transactionId: string, extra: { amount?: number } = {}, as: Ctx = ctx) =>
    fileDispute({
      ctx: as,
      input: {
        svcCardId: customer.svcCardId,
        transactionId,
        reason_code: "not_received",
        description: "Never arrived",
        ...extra,
      },
    });
  return { org, ctx, customer, card, pay, settled, file };
}

describe("disputes", () => {
  it(
    "walks submitted -> under_review -> won, " + "crediting the balance through the ledger with its events",
    async () => {
      const p = await setup();
      const txn = await p.settled(2500);
      const before = await balanceOf(database.db, p.customer.id);
      const filed = await p.file(txn.transaction_id, { amount: 1250 });
      expect(filed).toMatchObject({
        status: "submitted",
        amount: 12.5,
        amount_minor: 1250,
        currency: "EUR",
        credit_amount_minor: 1250,
        merchant: "Book Shop",
        filed_by: "apiKey",
        resolved_at: null,
      });
      const review = await decideDispute({
        ctx: p.ctx,
        input: { disputeId: filed.dispute_id, status: "under_review" },
      });
      expect(review.status).toBe("under_review");
      expect((await balanceOf(database.db, p.customer.id)).ledgerMinor).toBe(before.ledgerMinor);
      const won = await decideDispute({ ctx: p.ctx, input: { disputeId: filed.dispute_id, status: "won" } });
      expect(won.status).toBe("won");
      expect(won.resolved_at).not.toBeNull();
      const after = await balanceOf(database.db, p.customer.id);
      expect(after.ledgerMinor).toBe(before.ledgerMinor + 1250);
      const totals = await totalsVersusBalances(database.db, p.org.orgId);
      expect(totals.kept).toEqual(totals.summed);

      const events = (await eventsOf(database.db, p.org.orgId, p.customer.svcCardId)).slice(-5);
      expect(events.map((e) => [e.type, e.data.status ?? e.data.trigger])).toEqual([
        ["dispute.created", "submitted"],
        ["dispute.updated", "under_review"],
        ["customer.balance.updated", "dispute"],
        // The ledger grew, as with a refund.
        ["wallet.deposit.confirmed", undefined],
        ["dispute.updated", "won"],
      ]);
      expect(events[4]!.data).toMatchObject({
        dispute_id: filed.dispute_id,
        transaction_id: txn.transaction_id,
      });

      expect(
        await errorCodeOf(
          decideDispute({ ctx: p.ctx, input: { disputeId: filed.dispute_id, status: "lost" } }),
        ),
      ).toBe("DISPUTE_CLOSED");
      // A won dispute closes the purchase to disputes: it is credited by one at most.
      expect(await errorCodeOf(p.file(txn.transaction_id))).toBe("PURCHASE_ALREADY_CREDITED");
    },
  );

  it("lost and withdrawn credit nothing; moves back are refused", async () => {
    const p = await setup();
    const a = await p.file((await p.settled(1000)).transaction_id);
    const b = await p.file((await p.settled(1100)).transaction_id);
    const before = await balanceOf(database.db, p.customer.id);
    await decideDispute({ ctx: p.ctx, input: { disputeId: a.dispute_id, status: "under_review" } });
    expect(
      await errorCodeOf(
        decideDispute({ ctx: p.ctx, input: { disputeId: a.dispute_id, status: "under_review" } }),
      ),
    ).toBe("CONFLICT");
    expect(
      (await decideDispute({ ctx: p.ctx, input: { disputeId: a.dispute_id, status: "lost" } })).status,
    ).toBe("lost");
    const withdrawn = await withdrawDispute({
      ctx: p.ctx,
      input: { svcCardId: p.customer.svcCardId, disputeId: b.dispute_id },
    });
    expect(withdrawn.status).toBe("withdrawn");
    expect(
      await errorCodeOf(
        withdrawDispute({ ctx: p.ctx, input: { svcCardId: p.customer.svcCardId, disputeId: b.dispute_id } }),
      ),
    ).toBe("DISPUTE_CLOSED");
    expect((await balanceOf(database.db, p.customer.id)).ledgerMinor).toBe(before.ledgerMinor);
  });

  it(
    "refuses an unsettled or declined transaction, " + "a second open dispute and too large an amount",
    async () => {
      const p = await setup();
      const open = await p.pay(500);
      expect(await errorCodeOf(p.file(open.transaction_id))).toBe("DISPUTE_NOT_ALLOWED");
      const declined = await p.pay(50_000);
      expect(declined.status).toBe("declined");
      expect(await errorCodeOf(p.file(declined.transaction_id))).toBe("DISPUTE_NOT_ALLOWED");
      const txn = await p.settled(2000);
      expect(await errorCodeOf(p.file(txn.transaction_id, { amount: 2001 }))).toBe("VALIDATION_ERROR");
      await p.file(txn.transaction_id);
      expect(await errorCodeOf(p.file(txn.transaction_id))).toBe("DISPUTE_ALREADY_OPEN");
    },
  );

  it(
    "is 404 across organizations; a cardholder files " + "and reads only their own; lists filter and count",
    async () => {
      const p = await setup();
      const txn = await p.settled(3000);
      const holder: Ctx = {
        db: database.db,
        orgId: p.org.orgId,
        actor: { type: "cardholder", customerId: p.customer.id },
      };
      const filed = await p.file(txn.transaction_id, {}, holder);
      expect(filed.filed_by).toBe("cardholder");
      expect((await getDispute({ ctx: holder, input: { disputeId: filed.dispute_id } })).dispute_id).toBe(
        filed.dispute_id,
      );
      expect(await errorCodeOf(listDisputes({ ctx: holder, input: {} }))).toBe("INSUFFICIENT_PERMISSION");
      expect(
        (await listCustomerDisputes({ ctx: holder, input: { svcCardId: p.customer.svcCardId } })).total,
      ).toBe(1);

      const other = await setup();
      expect(await errorCodeOf(getDispute({ ctx: other.ctx, input: { disputeId: filed.dispute_id } }))).toBe(
        "NOT_FOUND",
      );
      expect(
        await errorCodeOf(
          decideDispute({ ctx: other.ctx, input: { disputeId: filed.dispute_id, status: "won" } }),
        ),
      ).toBe("NOT_FOUND");
      expect(await errorCodeOf(other.file(txn.transaction_id))).toBe("NOT_FOUND");
      const otherHolder: Ctx = { ...holder, actor: { type: "cardholder", customerId: other.customer.id } };
      expect(
        await errorCodeOf(getDispute({ ctx: otherHolder, input: { disputeId: filed.dispute_id } })),
      ).toBe("NOT_FOUND");

      const all = await listDisputes({ ctx: p.ctx, input: { status: "submitted" } });
      expect(all).toMatchObject({
        total: 1,
        disputes: [expect.objectContaining({ dispute_id: filed.dispute_id })],
      });
      expect((await listDisputes({ ctx: p.ctx, input: { status: "won" } })).total).toBe(0);
      expect((await listDisputes({ ctx: other.ctx, input: {} })).total).toBe(0);
    },
  );
});
