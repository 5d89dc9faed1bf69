import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { auditLog, outboxEvents } from "@/server/db/schema/platform";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { getDisputeCase } from "./case";
import { decideDispute } from "./decide";
import { listDisputablePurchases } from "./disputable";
import {
  addDisputeEvidence,
  EVIDENCE_MAX_BYTES,
  evidenceFileName,
  getDisputeEvidenceFile,
  sniffEvidenceType,
} from "./evidence";
import { streamDisputesCsv } from "./export";
import { fileDispute } from "./file";
import { addDisputeNote } from "./notes";
import { listDisputes } from "./read";
import { RESPOND_WITHIN_DAYS } from "./view";

const database = withTestDatabase();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = new TextEncoder().encode("%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n");
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

/** A program with a staff operator and viewer, a funded customer and one filed dispute. */
async function setup() {
  const org = await createTestOrg(database.db);
  const key = keyCtx(database.db, org.orgId);
  const operator = await org.user("operator");
  const viewer = await org.user("viewer");
  // Dashboard sessions: refused by role (FORBIDDEN_ROLE), as the console's members are.
  const staff = userCtx(database.db, org.orgId, { ...operator, role: "operator" }, { sessionId: "ses_a" });
  const reader = userCtx(database.db, org.orgId, { ...viewer, role: "viewer" }, { sessionId: "ses_b" });
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
  const purchase = async (amount: number) => {
    const t = await authorizeCardTransaction({
      ctx: key,
      input: {
        card_id: card.id,
        amount,
        currency: "EUR",
        merchant: "Lamp Store",
        merchant_category: "5722",
        merchant_city: "Lyon",
        merchant_country: "FR",
        type: "purchase",
      },
    });
    return settleCardTransaction({ ctx: key, input: { transactionId: t.transaction_id } });
  };
  const txn = await purchase(3000);
  const dispute = await fileDispute({
    ctx: staff,
    input: {
      svcCardId: customer.svcCardId,
      transactionId: txn.transaction_id,
      reason_code: "not_received",
      description: "The lamp never came",
    },
  });
  return { org, key, staff, reader, operator, customer, txn, dispute, purchase };
}

const eventsOfType = (orgId: string, type: string) =>
  database.db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), eq(outboxEvents.type, type)));

describe("a dispute's case: notes", () => {
  it("adds a staff note with its audit entry and event, and lists it with its author", async () => {
    const p = await setup();
    const note = await addDisputeNote({
      ctx: p.staff,
      input: { disputeId: p.dispute.dispute_id, body: "Called the merchant" },
    });
    expect(note).toMatchObject({
      body: "Called the merchant",
      author: p.operator.email,
      author_type: "user",
    });
    expect(
      (await getDisputeCase({ ctx: p.reader, input: { disputeId: p.dispute.dispute_id } })).notes,
    ).toEqual([note]);
    const [event] = await eventsOfType(p.org.orgId, "dispute.note_added");
    expect(event?.data).toMatchObject({ dispute_id: p.dispute.dispute_id, note_id: note.note_id });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, p.org.orgId), eq(auditLog.action, "dispute.note_added")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetId: p.dispute.dispute_id, actorId: p.operator.userId });
  });

  it("refuses a viewer's note (FORBIDDEN_ROLE), another organization's dispute (404) and a cardholder (403)", async () => {
    const p = await setup();
    const input = { disputeId: p.dispute.dispute_id, body: "x" };
    expect(await errorCodeOf(addDisputeNote({ ctx: p.reader, input }))).toBe("FORBIDDEN_ROLE");
    const other = await createTestOrg(database.db);
    const stranger = keyCtx(database.db, other.orgId);
    expect(await errorCodeOf(addDisputeNote({ ctx: stranger, input }))).toBe("NOT_FOUND");
    expect(await errorCodeOf(getDisputeCase({ ctx: stranger, input }))).toBe("NOT_FOUND");
    // The cardholder may read their dispute (getDispute) but never the staff's notes or case.
    const cardholder: Ctx = {
      db: database.db,
      orgId: p.org.orgId,
      actor: { type: "cardholder", customerId: p.customer.id },
    };
    expect(await errorCodeOf(getDisputeCase({ ctx: cardholder, input }))).toBe("INSUFFICIENT_PERMISSION");
    expect(await errorCodeOf(addDisputeNote({ ctx: cardholder, input }))).toBe("INSUFFICIENT_PERMISSION");
    expect(await eventsOfType(p.org.orgId, "dispute.note_added")).toHaveLength(0);
  });
});

describe("a dispute's case: evidence files", () => {
  it("knows PDF, PNG and JPEG by their bytes, not their names", () => {
    expect(sniffEvidenceType(PDF)).toBe("application/pdf");
    expect(sniffEvidenceType(PNG)).toBe("image/png");
    expect(sniffEvidenceType(JPEG)).toBe("image/jpeg");
    expect(sniffEvidenceType(new TextEncoder().encode("<html><script>"))).toBeNull();
    expect(sniffEvidenceType(new Uint8Array([0x4d, 0x5a, 0x90, 0]))).toBeNull(); // an .exe
    expect(evidenceFileName("../../etc/receipt.pdf", "image/png")).toBe("receipt.png");
    expect(evidenceFileName('a"b\r\n.png', "image/png")).toBe("a_b__.png");
    expect(evidenceFileName("", "application/pdf")).toBe("evidence.pdf");
  });

  it("keeps a PNG in the database, with its audit entry and event, and gives it back to staff", async () => {
    const p = await setup();
    const kept = await addDisputeEvidence({
      ctx: p.staff,
      input: { disputeId: p.dispute.dispute_id, fileName: "parcel.pdf", bytes: PNG },
    });
    // Named for what it is: a PNG called .pdf is kept as a PNG.
    expect(kept).toMatchObject({
      file_name: "parcel.png",
      content_type: "image/png",
      size_bytes: PNG.length,
    });
    expect(kept.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await getDisputeEvidenceFile({
      ctx: p.reader,
      input: { disputeId: p.dispute.dispute_id, evidenceId: kept.evidence_id },
    });
    expect(new Uint8Array(file.bytes)).toEqual(PNG);
    expect(file.contentType).toBe("image/png");
    expect(
      (await getDisputeCase({ ctx: p.reader, input: { disputeId: p.dispute.dispute_id } })).evidence,
    ).toEqual([kept]);
    expect(await eventsOfType(p.org.orgId, "dispute.evidence_added")).toHaveLength(1);
  });

  it("refuses a file over 5 MB, one that is not a PDF, PNG or JPEG, and an empty one, keeping nothing", async () => {
    const p = await setup();
    const add = (bytes: Uint8Array, fileName = "x.png") =>
      errorCodeOf(
        addDisputeEvidence({ ctx: p.staff, input: { disputeId: p.dispute.dispute_id, fileName, bytes } }),
      );
    const big = new Uint8Array(EVIDENCE_MAX_BYTES + 1);
    big.set(PNG);
    expect(await add(big)).toBe("PAYLOAD_TOO_LARGE");
    expect(await add(new TextEncoder().encode("<svg onload=alert(1)>"), "x.png")).toBe(
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expect(await add(new Uint8Array())).toBe("VALIDATION_ERROR");
    // Exactly 5 MB is kept.
    const most = new Uint8Array(EVIDENCE_MAX_BYTES);
    most.set(JPEG);
    expect(await add(most, "scan.jpg")).toBeUndefined();
    const kept = await getDisputeCase({ ctx: p.staff, input: { disputeId: p.dispute.dispute_id } });
    expect(kept.evidence.map((e) => e.content_type)).toEqual(["image/jpeg"]);
  });

  it("lets no one else at the files: another organization 404, a viewer cannot upload, a cardholder cannot read", async () => {
    const p = await setup();
    const kept = await addDisputeEvidence({
      ctx: p.key,
      input: { disputeId: p.dispute.dispute_id, fileName: "letter.pdf", bytes: PDF },
    });
    const input = { disputeId: p.dispute.dispute_id, evidenceId: kept.evidence_id };
    const other = await createTestOrg(database.db);
    const stranger = keyCtx(database.db, other.orgId);
    expect(await errorCodeOf(getDisputeEvidenceFile({ ctx: stranger, input }))).toBe("NOT_FOUND");
    expect(
      await errorCodeOf(
        addDisputeEvidence({
          ctx: stranger,
          input: { disputeId: p.dispute.dispute_id, fileName: "a", bytes: PDF },
        }),
      ),
    ).toBe("NOT_FOUND");
    // Another dispute's id with this file's id: not found either.
    const second = await p.purchase(1000);
    const otherDispute = await fileDispute({
      ctx: p.key,
      input: {
        svcCardId: p.customer.svcCardId,
        transactionId: second.transaction_id,
        reason_code: "duplicate",
        description: "twice",
      },
    });
    expect(
      await errorCodeOf(
        getDisputeEvidenceFile({ ctx: p.key, input: { ...input, disputeId: otherDispute.dispute_id } }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await errorCodeOf(
        addDisputeEvidence({
          ctx: p.reader,
          input: { disputeId: p.dispute.dispute_id, fileName: "a", bytes: PDF },
        }),
      ),
    ).toBe("FORBIDDEN_ROLE");
    const cardholder: Ctx = {
      db: database.db,
      orgId: p.org.orgId,
      actor: { type: "cardholder", customerId: p.customer.id },
    };
    expect(await errorCodeOf(getDisputeEvidenceFile({ ctx: cardholder, input }))).toBe(
      "INSUFFICIENT_PERMISSION",
    );
  });
});

describe("a dispute's case: the page's read", () => {
  it("names the customer and purchase, counts the respond-by date, and tells the timeline with actors", async () => {
    const p = await setup();
    await addDisputeNote({
      ctx: p.staff,
      input: { disputeId: p.dispute.dispute_id, body: "Asked for a receipt" },
    });
    await addDisputeEvidence({
      ctx: p.staff,
      input: { disputeId: p.dispute.dispute_id, fileName: "receipt.png", bytes: PNG },
    });
    await decideDispute({ ctx: p.key, input: { disputeId: p.dispute.dispute_id, status: "under_review" } });
    const open = await getDisputeCase({ ctx: p.reader, input: { disputeId: p.dispute.dispute_id } });
    expect(open.customer).toEqual({
      svc_card_id: p.customer.svcCardId,
      email: p.customer.email,
      external_id: p.customer.externalId,
    });
    expect(open.purchase).toMatchObject({
      transaction_id: p.txn.transaction_id,
      merchant: "Lamp Store",
      amount_minor: 3000,
    });
    const filedAt = new Date(open.dispute.created_at).getTime();
    expect(new Date(open.dispute.respond_by!).getTime() - filedAt).toBe(RESPOND_WITHIN_DAYS * 86_400_000);
    await decideDispute({ ctx: p.key, input: { disputeId: p.dispute.dispute_id, status: "won" } });
    const won = await getDisputeCase({ ctx: p.reader, input: { disputeId: p.dispute.dispute_id } });
    expect(won.dispute.respond_by).toBeNull();
    expect(won.timeline.map((e) => [e.kind, e.actor])).toEqual([
      ["filed", p.operator.email],
      ["note", p.operator.email],
      ["evidence", p.operator.email],
      ["under_review", p.key.actor.type === "apiKey" ? p.key.actor.keyId : null],
      ["won", p.key.actor.type === "apiKey" ? p.key.actor.keyId : null],
      ["credited", p.key.actor.type === "apiKey" ? p.key.actor.keyId : null],
    ]);
    expect(won.timeline.at(-1)).toMatchObject({ amount_minor: 3000, currency: won.dispute.credit_currency });
    expect(won.notes).toHaveLength(1);
    expect(won.evidence).toHaveLength(1);
  });

  it("offers only settled purchases without an open or won dispute for a new one", async () => {
    const p = await setup();
    const free = await p.purchase(1200);
    const { purchases } = await listDisputablePurchases({
      ctx: p.reader,
      input: { svcCardId: p.customer.svcCardId },
    });
    expect(purchases.map((x) => x.transaction_id)).toEqual([free.transaction_id]);
    const other = await createTestOrg(database.db);
    expect(
      await errorCodeOf(
        listDisputablePurchases({
          ctx: keyCtx(database.db, other.orgId),
          input: { svcCardId: p.customer.svcCardId },
        }),
      ),
    ).toBe("NOT_FOUND");
  });

  it("lists with the customer's e-mail, sorts by amount, and exports the same rows as CSV", async () => {
    const p = await setup();
    const small = await p.purchase(500);
    await fileDispute({
      ctx: p.key,
      input: {
        svcCardId: p.customer.svcCardId,
        transactionId: small.transaction_id,
        reason_code: "duplicate",
        description: "twice",
      },
    });
    const byAmount = await listDisputes({ ctx: p.reader, input: { sort: "amount" } });
    expect(byAmount.disputes.map((d) => d.amount_minor)).toEqual([500, 3000]);
    expect(byAmount.disputes[0]!.customer_email).toBe(p.customer.email);
    expect(
      (await listDisputes({ ctx: p.reader, input: { sort: "-amount" } })).disputes[0]!.amount_minor,
    ).toBe(3000);
    let csv = "";
    for await (const chunk of streamDisputesCsv({ ctx: p.reader, input: { sort: "amount" } })) csv += chunk;
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^dispute_id,created_at,status,respond_by,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(p.customer.email);
    const other = await createTestOrg(database.db);
    let foreign = "";
    for await (const chunk of streamDisputesCsv({ ctx: keyCtx(database.db, other.orgId), input: {} }))
      foreign += chunk;
    expect(foreign.trim().split("\r\n")).toHaveLength(1);
  });
});
