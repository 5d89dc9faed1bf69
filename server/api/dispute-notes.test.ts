import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { addDisputeEvidence } from "@/server/issuer/disputes/evidence";
import { fileDispute } from "@/server/issuer/disputes/file";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
beforeAll(() => resetEnvForTests());

async function call(path: string, init: RequestInit) {
  const res = await app.request(path, init);
  return {
    status: res.status,
    body: (await res.json()) as { error_code?: string; data: Record<string, unknown> },
  };
}

describe("a dispute's notes and evidence over REST", () => {
  it("adds and lists notes (a viewer's token reads, cannot write), lists evidence; another organization 404", async () => {
    const org = await createTestOrg(database.db);
    const admin = bearer(await org.token(org.admin.userId));
    const viewerUser = await org.user("viewer");
    const viewer = bearer(await org.token(viewerUser.userId));
    const ctx = keyCtx(database.db, org.orgId);
    const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
    const t = await authorizeCardTransaction({
      ctx,
      input: { card_id: card.id, amount: 900, currency: "EUR", merchant: "Tea Room", type: "purchase" },
    });
    await settleCardTransaction({ ctx, input: { transactionId: t.transaction_id } });
    const d = await fileDispute({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        transactionId: t.transaction_id,
        reason_code: "duplicate",
        description: "Twice",
      },
    });
    const notes = `/api/v1/card-issuer/disputes/${d.dispute_id}/notes`;

    const empty = await call(notes, postJson({ body: "  " }, admin));
    expect(empty).toMatchObject({ status: 400, body: { error_code: "VALIDATION_ERROR" } });
    const added = await call(notes, postJson({ body: "Merchant says it was sent" }, admin));
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ body: "Merchant says it was sent", author: org.admin.email });
    const refused = await call(notes, postJson({ body: "I only read" }, viewer));
    expect(refused.status).toBe(403);
    const listed = await call(notes, { headers: viewer });
    expect(listed.status).toBe(200);
    expect((listed.body.data.notes as unknown[]).length).toBe(1);

    await addDisputeEvidence({
      ctx,
      input: {
        disputeId: d.dispute_id,
        fileName: "letter.pdf",
        bytes: new TextEncoder().encode("%PDF-1.7\n"),
      },
    });
    const evidence = await call(`/api/v1/card-issuer/disputes/${d.dispute_id}/evidence`, { headers: viewer });
    expect(evidence.body.data.evidence).toMatchObject([
      { file_name: "letter.pdf", content_type: "application/pdf" },
    ]);
    expect(JSON.stringify(evidence.body)).not.toContain('content":');

    const other = await createTestOrg(database.db);
    const stranger = bearer(await other.token(other.admin.userId));
    expect((await call(notes, { headers: stranger })).status).toBe(404);
    expect((await call(notes, postJson({ body: "x" }, stranger))).status).toBe(404);
    expect(
      (await call(`/api/v1/card-issuer/disputes/${d.dispute_id}/evidence`, { headers: stranger })).status,
    ).toBe(404);
  });
});
