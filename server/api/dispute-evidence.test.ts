import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import type { Scope } from "@/lib/scopes";
import { rowsOf } from "@/server/db/client";
import { cardDisputeEvidence } from "@/server/db/schema/disputes";
import { outboxEvents } from "@/server/db/schema/platform";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { EVIDENCE_MAX_BYTES, EVIDENCE_MAX_UPLOAD_BYTES } from "@/server/issuer/disputes/evidence";
import { fileDispute } from "@/server/issuer/disputes/file";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

/**
 * POST /api/v1/card-issuer/disputes/{id}/evidence (multipart, field `file`) and the download
 * beside it: the same use case as the console's upload (server/issuer/disputes/evidence.ts), so the
 * same checks, and dispute.evidence_added in the transaction that keeps the file.
 */

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
beforeAll(() => resetEnvForTests());
afterAll(() => clock.restore());

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return bytes;
};

type Headers = Record<string, string>;
type Body = { error_code?: string; message?: string; data: Record<string, unknown> };

async function program() {
  const org = await createTestOrg(database.db);
  const token = `Bearer ${await org.token(org.admin.userId)}`;
  const key = async (permissions: Scope[]): Promise<Headers> => {
    const res = await app.request("/api/apikey/create", {
      method: "POST",
      headers: {
        authorization: token,
        "content-type": "application/json",
        "x-2fa-token": clock.nextCode(org.admin.totpSecret),
      },
      body: JSON.stringify({ name: `evidence ${permissions.join(" ")}`, permissions }),
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { api_key: string; api_secret: string };
    return { "x-api-key": made.api_key, "x-api-secret": made.api_secret };
  };
  const ctx = keyCtx(database.db, org.orgId);
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
  const t = await authorizeCardTransaction({
    ctx,
    input: { card_id: card.id, amount: 700, currency: "EUR", merchant: "Lamp Store", type: "purchase" },
  });
  await settleCardTransaction({ ctx, input: { transactionId: t.transaction_id } });
  const dispute = await fileDispute({
    ctx,
    input: {
      svcCardId: customer.svcCardId,
      transactionId: t.transaction_id,
      reason_code: "not_received",
      description: "Never arrived",
    },
  });
  return { org, key, disputeId: dispute.dispute_id };
}

const evidencePath = (disputeId: string) => `/api/v1/card-issuer/disputes/${disputeId}/evidence`;

function form(bytes: Uint8Array, name = "receipt.png", type = "image/png"): FormData {
  const f = new FormData();
  f.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return f;
}

async function upload(
  disputeId: string,
  headers: Headers,
  body: BodyInit,
): Promise<{ status: number; body: Body }> {
  const res = await app.request(evidencePath(disputeId), { method: "POST", headers, body });
  return { status: res.status, body: (await res.json()) as Body };
}

async function evidenceEvents(orgId: string) {
  return database.db
    .select({ data: outboxEvents.data, objectId: outboxEvents.objectId })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), eq(outboxEvents.type, "dispute.evidence_added")));
}

describe("dispute evidence over REST", () => {
  it("uploads a file with a write key: 201, dispute.evidence_added in the same transaction, a retry replayed; lists and downloads it", async () => {
    const { org, key, disputeId } = await program();
    const writer = await key(["read", "write"]);
    const bytes = png(300);
    const first = await upload(
      disputeId,
      { ...writer, "idempotency-key": "evidence-1" },
      form(bytes, "in\u00e9 receipt.pdf"),
    );
    expect(first.status).toBe(201);
    const kept = first.body.data;
    expect(kept).toMatchObject({
      file_name: "in\u00e9 receipt.png", // the true extension: the content is a PNG
      content_type: "image/png",
      size_bytes: 300,
      uploaded_by: expect.any(String),
    });
    expect(kept.evidence_id).toMatch(/^dev_/);

    const events = await evidenceEvents(org.orgId);
    expect(events).toEqual([
      {
        objectId: disputeId,
        data: {
          dispute_id: disputeId,
          evidence_id: kept.evidence_id,
          content_type: "image/png",
          size_bytes: 300,
          timestamp: kept.created_at,
        },
      },
    ]);
    // One transaction: Postgres' now() is the transaction's start, so the kept file and the event
    // carry the very same instant (to the microsecond) only when they commit together.
    const [same] = rowsOf<{ same: boolean }>(
      await database.db.execute(sql`
        select e.created_at = f.created_at as same from ${outboxEvents} e, ${cardDisputeEvidence} f
        where e.org_id = ${org.orgId} and e.type = 'dispute.evidence_added' and f.id = ${kept.evidence_id}`),
    );
    expect(same?.same).toBe(true);

    // The same file again under the key, in a new multipart body (another boundary): the first answer.
    const again = await upload(
      disputeId,
      { ...writer, "idempotency-key": "evidence-1" },
      form(bytes, "in\u00e9 receipt.pdf"),
    );
    expect(again).toMatchObject({ status: 201, body: { data: { evidence_id: kept.evidence_id } } });
    const other = await upload(disputeId, { ...writer, "idempotency-key": "evidence-1" }, form(png(301)));
    expect(other).toMatchObject({ status: 422, body: { error_code: "IDEMPOTENCY_KEY_MISMATCH" } });
    expect(await evidenceEvents(org.orgId)).toHaveLength(1);

    const reader = await key(["read"]);
    const list = await app.request(evidencePath(disputeId), { headers: reader });
    expect(((await list.json()) as Body).data.evidence).toMatchObject([{ evidence_id: kept.evidence_id }]);
    const file = await app.request(`${evidencePath(disputeId)}/${String(kept.evidence_id)}`, {
      headers: reader,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="in_ receipt\.png"/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it("refuses a file over 5 MB, a body over the upload's limit, a file that is no PDF, PNG or JPEG, a JSON body and a missing file", async () => {
    const { org, key, disputeId } = await program();
    const writer = await key(["write"]);
    const big = await upload(disputeId, writer, form(png(EVIDENCE_MAX_BYTES + 1)));
    expect(big).toMatchObject({
      status: 413,
      body: { error_code: "PAYLOAD_TOO_LARGE", message: "An evidence file can be at most 5 MB." },
    });
    // Sent as bytes, as a client's connection would: the kit stops reading at its limit.
    const hugeForm = new Response(form(png(EVIDENCE_MAX_UPLOAD_BYTES + 1)));
    const huge = await upload(
      disputeId,
      { ...writer, "content-type": hugeForm.headers.get("content-type")! },
      await hugeForm.arrayBuffer(),
    );
    expect(huge).toMatchObject({ status: 413, body: { error_code: "PAYLOAD_TOO_LARGE" } });

    const text = await upload(disputeId, writer, form(new TextEncoder().encode("MZ not a picture"), "x.png"));
    expect(text).toMatchObject({
      status: 415,
      body: { error_code: "UNSUPPORTED_MEDIA_TYPE", message: "Evidence must be a PDF, PNG or JPEG file." },
    });
    const json = await upload(
      disputeId,
      { ...writer, "content-type": "application/json" },
      JSON.stringify({ file: "x" }),
    );
    expect(json).toMatchObject({ status: 415, body: { error_code: "UNSUPPORTED_MEDIA_TYPE" } });
    const none = new FormData();
    none.set("note", "no file here");
    const missing = await upload(disputeId, writer, none);
    expect(missing).toMatchObject({ status: 400, body: { error_code: "VALIDATION_ERROR" } });
    expect((missing.body as { details?: { path: string }[] }).details).toEqual([
      { path: "file", message: "Attach the evidence as the form's file field." },
    ]);
    expect(await evidenceEvents(org.orgId)).toEqual([]);
  });

  it("another organization's dispute is 404 (upload, list, download); a read-only key is 403", async () => {
    const { key, disputeId } = await program();
    const mine = await upload(disputeId, await key(["write"]), form(png()));
    expect(mine.status).toBe(201);
    const stranger = await program();
    const theirKey = await stranger.key(["read", "write"]);
    expect(await upload(disputeId, theirKey, form(png()))).toMatchObject({
      status: 404,
      body: { error_code: "NOT_FOUND" },
    });
    expect((await app.request(evidencePath(disputeId), { headers: theirKey })).status).toBe(404);
    const download = await app.request(`${evidencePath(disputeId)}/${String(mine.body.data.evidence_id)}`, {
      headers: theirKey,
    });
    expect(download.status).toBe(404);

    const readOnly = await upload(disputeId, await key(["read"]), form(png()));
    expect(readOnly).toMatchObject({ status: 403, body: { error_code: "INSUFFICIENT_PERMISSION" } });
    expect(readOnly.body.message).toContain('"write"');
    expect(await evidenceEvents(stranger.org.orgId)).toEqual([]);
  });
});
