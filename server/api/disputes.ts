import { customerTargetSchema } from "@/lib/contracts/cards";
import {
  customerDisputeParamsSchema,
  decideDisputeSchema,
  disputeEvidenceListSchema,
  disputeEvidenceParamsSchema,
  disputeEvidenceSchema,
  disputeEvidenceUploadSchema,
  disputeListQuerySchema,
  disputeListSchema,
  disputeNoteBodySchema,
  disputeNoteListSchema,
  disputeNoteSchema,
  disputeParamsSchema,
  disputeViewSchema,
  fileDisputeSchema,
  transactionDisputeParamsSchema,
} from "@/lib/contracts/disputes";
import { created, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { decideDispute, withdrawDispute } from "@/server/issuer/disputes/decide";
import {
  addDisputeEvidence,
  EVIDENCE_MAX_UPLOAD_BYTES,
  evidenceDownloadHeaders,
  getDisputeEvidenceFile,
  listDisputeEvidence,
} from "@/server/issuer/disputes/evidence";
import { fileDispute } from "@/server/issuer/disputes/file";
import { addDisputeNote, listDisputeNotes } from "@/server/issuer/disputes/notes";
import { getDispute, listCustomerDisputes, listDisputes } from "@/server/issuer/disputes/read";
import { sandboxOnly } from "./sandbox";

/**
 * Disputes of settled purchases (docs/money.md, "Disputes"). Filing and withdrawing need
 * `write`, reading `read`; a cardholder's session token files, reads and withdraws its own.
 * Card envelope.
 */
const FLOW =
  "Statuses: submitted -> under_review -> won | lost; withdrawn before a decision. One open dispute per " +
  "transaction. A won dispute credits the disputed amount (in the card account's currency) to the " +
  "customer's balance; a purchase's won dispute and refunds together never credit more than it.";

export const disputeRoutes = [
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/{svcCardId}/transactions/{transactionId}/disputes",
    summary: "Dispute a transaction",
    description:
      `Files a dispute of a settled purchase of this customer: reason_code (GET ` +
      `.../transactions/dispute-reasons), a description, and optionally the amount (major units, at most ` +
      `what its refunds left of the transaction; default all of that). Anything but a settled purchase is ` +
      `DISPUTE_NOT_ALLOWED; a second open dispute DISPUTE_ALREADY_OPEN (data.dispute_id names the open ` +
      `one); a purchase with a won dispute (data.dispute_id) or refunded in full PURCHASE_ALREADY_CREDITED. ` +
      `Raises dispute.created. ${FLOW}`,
    tags: ["Disputes"],
    operationId: "createDispute",
    auth: "fileDispute",
    request: {
      params: transactionDisputeParamsSchema,
      body: fileDisputeSchema,
    },
    response: { status: 201, data: disputeViewSchema },
    errors: [
      "VALIDATION_ERROR",
      "NOT_FOUND",
      "DISPUTE_NOT_ALLOWED",
      "DISPUTE_ALREADY_OPEN",
      "PURCHASE_ALREADY_CREDITED",
    ],
    handler: async ({ c, ctx, input }) =>
      created(c, await fileDispute({ ctx, input: { ...input.params, ...input.body } }), "Dispute submitted"),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/svc-card/{svcCardId}/disputes",
    summary: "A customer's disputes",
    description: `This customer's disputes, newest first; filters status and transaction_id; paged. ${FLOW}`,
    tags: ["Disputes"],
    operationId: "listCustomerDisputes",
    auth: "listCustomerDisputes",
    request: {
      params: customerTargetSchema,
      query: disputeListQuerySchema.omit({ customer_id: true }),
    },
    response: { data: disputeListSchema },
    errors: ["VALIDATION_ERROR", "NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await listCustomerDisputes({ ctx, input: { svcCardId: input.params.svcCardId, ...input.query } }),
      ),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/{svcCardId}/disputes/{disputeId}/withdraw",
    summary: "Withdraw a dispute",
    description:
      "Withdraws an open dispute (submitted or under_review): withdrawn is final. A decided dispute is " +
      "DISPUTE_CLOSED. Raises dispute.updated.",
    tags: ["Disputes"],
    operationId: "withdrawDispute",
    auth: "withdrawDispute",
    request: { params: customerDisputeParamsSchema },
    response: { data: disputeViewSchema },
    errors: ["NOT_FOUND", "DISPUTE_CLOSED"],
    handler: async ({ c, ctx, input }) => ok(c, await withdrawDispute({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/card-issuer/disputes",
    summary: "List disputes",
    description:
      `The program's disputes, newest first. Filters: status, customer_id (a svc_card_id), transaction_id. ` +
      `Paged: page, limit (default 20, max 100); total is exact. ${FLOW}`,
    tags: ["Disputes"],
    operationId: "listDisputes",
    auth: "listDisputes",
    request: { query: disputeListQuerySchema },
    response: { data: disputeListSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await listDisputes({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/card-issuer/disputes/{disputeId}",
    summary: "Get a dispute",
    description: "One dispute. Another organization's is 404.",
    tags: ["Disputes"],
    operationId: "getDispute",
    auth: "getDispute",
    request: { params: disputeParamsSchema },
    response: { data: disputeViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getDispute({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/card-issuer/disputes/{disputeId}/notes",
    summary: "A dispute's notes",
    description:
      "The staff notes of a dispute, oldest first. Never a cardholder's to read. Another organization's dispute is 404.",
    tags: ["Disputes"],
    operationId: "listDisputeNotes",
    auth: "listDisputeNotes",
    request: { params: disputeParamsSchema },
    response: { data: disputeNoteListSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await listDisputeNotes({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/card-issuer/disputes/{disputeId}/notes",
    summary: "Add a note to a dispute",
    description: "A staff note (text, at most 4,000 characters). Raises dispute.note_added.",
    tags: ["Disputes"],
    operationId: "addDisputeNote",
    auth: "addDisputeNote",
    request: { params: disputeParamsSchema, body: disputeNoteBodySchema },
    response: { status: 201, data: disputeNoteSchema },
    errors: ["VALIDATION_ERROR", "NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      created(c, await addDisputeNote({ ctx, input: { ...input.params, ...input.body } }), "Note added"),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/card-issuer/disputes/{disputeId}/evidence",
    summary: "A dispute's evidence files",
    description:
      "The evidence files of a dispute (name, type found from the content: PDF, PNG or JPEG, size, SHA-256), " +
      "oldest first, without their bytes (GET .../evidence/{evidenceId} downloads one). Another " +
      "organization's dispute is 404.",
    tags: ["Disputes"],
    operationId: "listDisputeEvidence",
    auth: "listDisputeEvidence",
    request: { params: disputeParamsSchema },
    response: { data: disputeEvidenceListSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await listDisputeEvidence({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/card-issuer/disputes/{disputeId}/evidence",
    summary: "Upload an evidence file",
    description:
      "Adds an evidence file to a dispute, as the dispute's page in the console does: multipart/form-data " +
      "with one `file` field, a PDF, PNG or JPEG found from its first bytes (not its name or part type; " +
      "anything else is UNSUPPORTED_MEDIA_TYPE), at most 5 MB (5,242,880 bytes; PAYLOAD_TOO_LARGE, and a " +
      "request over 5 MB + 64 KiB is refused before it is read), at most 20 files per dispute (CONFLICT). " +
      "The file, its audit entry and dispute.evidence_added commit together. An Idempotency-Key replays " +
      "the first answer to a retry of the same file (the multipart boundary may differ). Another " +
      "organization's dispute is 404.",
    tags: ["Disputes"],
    operationId: "addDisputeEvidence",
    auth: "addDisputeEvidence",
    request: {
      params: disputeParamsSchema,
      form: disputeEvidenceUploadSchema,
      maxBytes: EVIDENCE_MAX_UPLOAD_BYTES,
    },
    response: { status: 201, data: disputeEvidenceSchema },
    errors: ["VALIDATION_ERROR", "NOT_FOUND", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "CONFLICT"],
    handler: async ({ c, ctx, input }) => {
      const { file } = input.form;
      const evidence = await addDisputeEvidence({
        ctx,
        input: {
          disputeId: input.params.disputeId,
          fileName: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
        },
      });
      return created(c, evidence, "Evidence added");
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/card-issuer/disputes/{disputeId}/evidence/{evidenceId}",
    summary: "Download an evidence file",
    description:
      "The evidence file's bytes, as kept: Content-Type is the type found from its content (application/pdf, " +
      "image/png or image/jpeg), always as an attachment (Content-Disposition names the kept file name). " +
      "Another organization's dispute or file is 404.",
    tags: ["Disputes"],
    operationId: "downloadDisputeEvidence",
    auth: "getDisputeEvidenceFile",
    request: { params: disputeEvidenceParamsSchema },
    response: { contentType: ["application/pdf", "image/png", "image/jpeg"] },
    errors: ["NOT_FOUND"],
    handler: async ({ ctx, input }) => {
      const file = await getDisputeEvidenceFile({ ctx, input: input.params });
      return new Response(new Uint8Array(file.bytes), {
        status: 200,
        headers: evidenceDownloadHeaders(file),
      });
    },
  }),
];

export const sandboxDisputeRoutes = sandboxOnly([
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/disputes/{disputeId}/decide",
    summary: "Sandbox: decide a dispute",
    description:
      "What the card network's dispute process would decide: under_review (from submitted), won or lost " +
      "(from submitted or under_review). won credits the disputed amount, at most what the purchase's " +
      "refunds left (the dispute's amount becomes what was credited), to the customer's balance through " +
      "the balance ledger: dispute.updated, then customer.balance.updated (trigger dispute); nothing " +
      "left is PURCHASE_ALREADY_CREDITED. A decided or withdrawn dispute is DISPUTE_CLOSED (two " +
      "decisions at once credit once); a move back is CONFLICT.",
    tags: ["Sandbox"],
    operationId: "sandboxDecideDispute",
    auth: "decideDispute",
    atomic: true,
    request: { params: disputeParamsSchema, body: decideDisputeSchema },
    response: { data: disputeViewSchema },
    errors: ["NOT_FOUND", "DISPUTE_CLOSED", "CONFLICT", "PURCHASE_ALREADY_CREDITED"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await decideDispute({ ctx, input: { disputeId: input.params.disputeId, ...input.body } })),
  }),
]);
