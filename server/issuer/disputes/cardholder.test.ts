import { describe, expect, it } from "vitest";
import { getMyActivity } from "@/server/cards/my-activity";
import type { Ctx } from "@/server/context";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { eventsOf, keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { decideDispute } from "./decide";
import { fileDispute } from "./file";

const database = withTestDatabase();

/**
 * My card's "Dispute" (fileMyDisputeAction): the cardholder's session context calls the same
 * fileDispute as the REST route and the console, under their own svc_card_id.
 */
describe("a cardholder's dispute from My card", () => {
  it(
    "files on their own settled purchase, sees its status " +
      "move on My card, and gets the documented refusals",
    async () => {
      const org = await createTestOrg(database.db);
      const staff = keyCtx(database.db, org.orgId);
      const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
      const other = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
      const holder: Ctx = {
        db: database.db,
        orgId: org.orgId,
        actor: { type: "cardholder", customerId: customer.id },
      };
      const pay = async (cardId: string, amount: number, settle: boolean) => {
        const t = await authorizeCardTransaction({
          ctx: staff,
          input: {
            card_id: cardId,
            amount,
            currency: "EUR",
            merchant: "Corner Cafe",
            merchant_category: "5814",
            merchant_city: "Lyon",
            merchant_country: "FR",
            type: "purchase",
          },
        });
        return settle ? settleCardTransaction({ ctx: staff, input: { transactionId: t.transaction_id } }) : t;
      };
      const settled = await pay(card.id, 3000, true);
      const pending = await pay(card.id, 500, false);
      const theirs = await pay(other.card.id, 700, true);
      const file = (transactionId: string, svcCardId = customer.svcCardId, amount?: number) =>
        fileDispute({
          ctx: holder,
          input: {
            svcCardId,
            transactionId,
            reason_code: "incorrect_amount",
            description: "Charged 30 for a 20 meal",
            ...(amount === undefined ? {} : { amount }),
          },
        });

      const filed = await file(settled.transaction_id, customer.svcCardId, 1000);
      expect(filed).toMatchObject({ status: "submitted", amount_minor: 1000, filed_by: "cardholder" });
      const events = await eventsOf(database.db, org.orgId, customer.svcCardId);
      expect(events.filter((e) => e.type === "dispute.created").map((e) => e.data.dispute_id)).toEqual([
        filed.dispute_id,
      ]);
      const mine = await getMyActivity({ ctx: holder });
      const row = mine.recent.find((t) => t.transaction_id === settled.transaction_id)!;
      expect(row.dispute).toEqual({
        dispute_id: filed.dispute_id,
        status: "submitted",
        amount_minor: 1000,
        currency: "EUR",
      });
      expect(mine.recent.find((t) => t.transaction_id === pending.transaction_id)!.dispute).toBeNull();

      expect(await errorCodeOf(file(settled.transaction_id))).toBe("DISPUTE_ALREADY_OPEN");
      expect(await errorCodeOf(file(pending.transaction_id))).toBe("DISPUTE_NOT_ALLOWED");
      const small = await pay(card.id, 800, true);
      expect(await errorCodeOf(file(small.transaction_id, customer.svcCardId, 801))).toBe("VALIDATION_ERROR");
      // Another cardholder's transaction, under their id or under the cardholder's own: not found.
      expect(await errorCodeOf(file(theirs.transaction_id, other.customer.svcCardId))).toBe("NOT_FOUND");
      expect(await errorCodeOf(file(theirs.transaction_id))).toBe("NOT_FOUND");

      await decideDispute({ ctx: staff, input: { disputeId: filed.dispute_id, status: "won" } });
      const after = await getMyActivity({ ctx: holder });
      expect(after.recent.find((t) => t.transaction_id === settled.transaction_id)!.dispute?.status).toBe(
        "won",
      );
    },
  );
});
