import type { DisputeListItem, DisputeListQuery } from "@/lib/contracts/disputes";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { csvLine } from "@/server/http/csv-stream";
import { pageOfDisputes } from "./read";

const BATCH = 100;

const COLUMNS: [string, (d: DisputeListItem) => string | number | null][] = [
  ["dispute_id", (d) => d.dispute_id],
  ["created_at", (d) => d.created_at],
  ["status", (d) => d.status],
  ["respond_by", (d) => d.respond_by],
  ["resolved_at", (d) => d.resolved_at],
  ["svc_card_id", (d) => d.svc_card_id],
  ["customer_email", (d) => d.customer_email],
  ["transaction_id", (d) => d.transaction_id],
  ["merchant", (d) => d.merchant],
  ["amount", (d) => d.amount],
  ["currency", (d) => d.currency],
  ["credit_amount", (d) => d.credit_amount_minor / 100],
  ["credit_currency", (d) => d.credit_currency],
  ["reason_code", (d) => d.reason_code],
  ["description", (d) => d.description],
  ["filed_by", (d) => d.filed_by],
];

/**
 * The Disputes page's "Export CSV": the disputes its filters select, in its order, a header line
 * then one chunk per page of BATCH read through the list's query (read.ts). The first page is
 * read before anything is yielded, so a refusal or a failing query fails the request
 * (server/http/csv-stream.ts caps the rows at CSV_EXPORT_MAX_ROWS).
 */
export async function* streamDisputesCsv({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: Partial<Omit<DisputeListQuery, "page" | "limit">>;
}): AsyncIterable<string> {
  authorize(ctx, "streamDisputesCsv");
  let header: string | null = csvLine(COLUMNS.map(([name]) => name));
  for (let page = 1; ; page++) {
    const { disputes } = await pageOfDisputes(ctx, { ...input, page, limit: BATCH });
    const lines = disputes.map((d) => csvLine(COLUMNS.map(([, get]) => get(d)))).join("");
    if (header !== null) {
      yield header + lines;
      header = null;
    } else if (lines) yield lines;
    if (disputes.length < BATCH) return;
  }
}
