import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { createdAtOfCardTransactionId } from "@/lib/transaction-ids";
import { createApiApp } from "@/server/api/app";
import { cardTransactions } from "@/server/db/schema/money";
import { globalSearch } from "@/server/search/global";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { authorizeCardTransaction } from "./authorize";
import { refundCardTransaction } from "./refund";
import { settleCardTransaction } from "./settle";

const database = withTestDatabase();
const app = createApiApp();
beforeAll(() => {
  resetEnvForTests();
});

async function setup() {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(database.db, org.orgId);
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 1_000 });
  const authorize = (amount: number) =>
    authorizeCardTransaction({
      ctx,
      input: { card_id: card.id, amount, currency: "EUR", merchant: "Lamp Store", type: "purchase" },
    });
  return { org, ctx, customer, authorize, auth: bearer(await org.token(org.admin.userId)) };
}

/**
 * Ids no transaction has: bad hex, upper-case hex (the new length, but no time), the years 2527
 * and 1970, the first form, the longest the contract takes.
 */
const MALFORMED = [
  "txn_zzzzzzzzzzzAAAAAAAAAAAAA",
  "txn_0000000000FAAAAAAAAAAAAA",
  "txn_fffffffffffAAAAAAAAAAAAA",
  "txn_00000000000AAAAAAAAAAAAA",
  "txn_unknown",
  `txn_${"f".repeat(60)}`,
];

describe("card transaction ids", () => {
  it("are written with the transaction's created_at in them: authorized, declined, refunded", async () => {
    const s = await setup();
    const authorized = await s.authorize(400);
    const declined = await s.authorize(5_000);
    expect(declined.status).toBe("declined");
    await settleCardTransaction({ ctx: s.ctx, input: { transactionId: authorized.transaction_id } });
    const refund = await refundCardTransaction({
      ctx: s.ctx,
      input: { transactionId: authorized.transaction_id, amount: 100 },
    });
    for (const id of [authorized.transaction_id, declined.transaction_id, refund.transaction_id]) {
      const [row] = await database.db.select().from(cardTransactions).where(eq(cardTransactions.id, id));
      expect(createdAtOfCardTransactionId(id), id).toEqual(row!.createdAt);
    }
  });

  it("that are malformed or name no transaction answer 404, NUL 400, never a 500", async () => {
    const s = await setup();
    const authorized = await s.authorize(400);
    const svc = s.customer.svcCardId;
    for (const id of [...MALFORMED, `${authorized.transaction_id.slice(0, 15)}${"A".repeat(13)}`]) {
      const path = encodeURIComponent(id);
      for (const move of ["settle", "reverse", "expire", "fail", "refund"]) {
        const res = await app.request(
          `/api/v1/sandbox/card-transactions/${path}/${move}`,
          postJson({}, s.auth),
        );
        expect(res.status, `${move} ${id}`).toBe(404);
        expect(await res.json()).toMatchObject({ error_code: "NOT_FOUND" });
      }
      const dispute = await app.request(
        `/api/v1/svc-card/${svc}/transactions/${path}/disputes`,
        postJson({ reason_code: "duplicate", description: "Charged twice" }, s.auth),
      );
      expect(dispute.status, id).toBe(404);
      const list = await app.request(`/api/v1/card-issuer/card-transactions?q=${path}`, { headers: s.auth });
      expect(list.status, id).toBe(200);
      expect(((await list.json()) as { data: { total: number } }).data.total).toBe(0);
      const ctx = userCtx(database.db, s.org.orgId, { ...s.org.admin, role: "admin" });
      expect(
        (await globalSearch({ ctx, input: { q: id } })).hits.filter((h) => h.group === "transactions"),
      ).toEqual([]);
    }
    const nul = encodeURIComponent(`${authorized.transaction_id.slice(0, 20)}\u0000`);
    const refused = await app.request(
      `/api/v1/sandbox/card-transactions/${nul}/settle`,
      postJson({}, s.auth),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error_code: "VALIDATION_ERROR" });
    const nulList = await app.request(`/api/v1/card-issuer/card-transactions?q=${nul}`, { headers: s.auth });
    expect(nulList.status).toBe(400);
  });
});
