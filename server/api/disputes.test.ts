import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { balanceOf, keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
beforeAll(async () => {
  resetEnvForTests();
});

async function call(path: string, init: RequestInit) {
  const res = await app.request(path, init);
  return {
    status: res.status,
    body: (await res.json()) as { error_code?: string; data: Record<string, unknown> },
  };
}

describe("disputes over HTTP", () => {
  it(
    "files (201), refuses a second (409) and a bad reason (400), decides in the sandbox, lists; 404 " +
      "elsewhere",
    async () => {
      const org = await createTestOrg(database.db);
      const auth = bearer(await org.token(org.admin.userId));
      const ctx = keyCtx(database.db, org.orgId);
      const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
      const auth1 = await authorizeCardTransaction({
        ctx,
        input: { card_id: card.id, amount: 4000, currency: "EUR", merchant: "Lamp Store", type: "purchase" },
      });
      const txn = await settleCardTransaction({ ctx, input: { transactionId: auth1.transaction_id } });
      const path = `/api/v1/svc-card/${customer.svcCardId}/transactions/${txn.transaction_id}/disputes`;

      const bad = await call(path, postJson({ reason_code: "bored", description: "x" }, auth));
      expect(bad).toMatchObject({ status: 400, body: { error_code: "VALIDATION_ERROR" } });
      const filed = await call(
        path,
        postJson({ reason_code: "duplicate", description: "Charged twice", amount: 15.5 }, auth),
      );
      expect(filed.status).toBe(201);
      expect(filed.body.data).toMatchObject({ status: "submitted", amount: 15.5, amount_minor: 1550 });
      const again = await call(path, postJson({ reason_code: "duplicate", description: "Again" }, auth));
      expect(again).toMatchObject({ status: 409, body: { error_code: "DISPUTE_ALREADY_OPEN" } });

      const id = filed.body.data.dispute_id as string;
      const before = (await balanceOf(database.db, customer.id)).ledgerMinor;
      const won = await call(`/api/v1/sandbox/disputes/${id}/decide`, postJson({ status: "won" }, auth));
      expect(won.body.data).toMatchObject({ status: "won" });
      expect((await balanceOf(database.db, customer.id)).ledgerMinor).toBe(before + 1550);

      const list = await call(`/api/v1/card-issuer/disputes?status=won`, { headers: auth });
      expect(list.body.data).toMatchObject({ total: 1 });
      const one = await call(`/api/v1/card-issuer/disputes/${id}`, { headers: auth });
      expect(one.body.data).toMatchObject({ dispute_id: id, merchant: "Lamp Store" });

      const stranger = await createTestOrg(database.db);
      const theirs = bearer(await stranger.token(stranger.admin.userId));
      expect((await call(`/api/v1/card-issuer/disputes/${id}`, { headers: theirs })).status).toBe(404);
      expect(
        (await call(path, postJson({ reason_code: "duplicate", description: "x" }, theirs))).status,
      ).toBe(404);
    },
  );
});
