import { and, desc, sql } from "drizzle-orm";
import {
  cardTransactionExportQuerySchema,
  type CardTransactionFilters,
  rangeOf,
} from "@/lib/contracts/card-transaction-query";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { type Ctx, readDb } from "@/server/context";
import { cardTransactions } from "@/server/db/schema/money";
import { isoTimestamp } from "@/server/db/timestamps";
import { csvLine } from "@/server/http/csv-stream";
import { filterOf } from "./list";
import { pageColumns, type PageRow } from "./page-rows";
import { searchFilterOf } from "./search";

const BATCH = 1_000;
const t = cardTransactions;

/** A page row with the card's own id, which the export names beside its token. */
type ExportRow = PageRow & { cardId: string };

const COLUMNS: [string, (r: ExportRow) => string | number | null][] = [
  ["transaction_id", (r) => r.id],
  ["created_at", (r) => isoTimestamp(r.createdAt)],
  ["authorized_at", (r) => isoTimestamp(r.authorizedAt)],
  ["settled_at", (r) => (r.settledAt === null ? null : isoTimestamp(r.settledAt))],
  ["svc_card_id", (r) => r.svcCardId],
  ["customer_email", (r) => r.customerEmail],
  // card_id is the card's own id (crd_..., its page and the Cards list's); card_token the card
  // network's name for it, which the JSON view and webhooks call card_id (lib/contracts/card-transactions.ts).
  ["card_id", (r) => r.cardId],
  ["card_token", (r) => r.cardToken],
  ["card_last_four", (r) => r.cardLastFour],
  ["type", (r) => r.type],
  ["status", (r) => r.status],
  ["amount", (r) => toMajor(r.amountMinor)],
  ["currency", (r) => r.currency],
  ["billing_amount", (r) => toMajor(r.billingAmountMinor)],
  ["billing_currency", (r) => r.billingCurrency],
  ["fx_rate", (r) => r.fxRate],
  ["merchant", (r) => r.merchant],
  ["merchant_category", (r) => r.merchantCategory],
  ["merchant_city", (r) => r.merchantCity],
  ["merchant_country", (r) => r.merchantCountry],
  ["decline_code", (r) => r.declineCode],
  ["decline_reason", (r) => r.declineReason],
];

// The CSV cell and line writers live with the streaming kit, for every domain's export.
export { csvCell, csvLine } from "@/server/http/csv-stream";

/**
 * The filtered card transactions as CSV, newest first, streamed: a header line, then one chunk
 * per batch of 1,000 rows read by keyset (created_at, id) through the list's indexes, so memory
 * and each query stay small whatever the size of the export. The first batch is read before the
 * header line is yielded, so a failing first query fails the request (server/http/csv-stream.ts).
 */
export async function* streamCardTransactionsCsv({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: Partial<CardTransactionFilters>;
}): AsyncIterable<string> {
  authorize(ctx, "streamCardTransactionsCsv");
  const db = await readDb(ctx);
  const f = cardTransactionExportQuerySchema.parse(input);
  const where = filterOf(
    ctx.orgId,
    { status: f.status, svcCardId: f.customer_id, search: searchFilterOf(ctx.orgId, f) },
    rangeOf(f),
  );
  // created_at as text keeps its microseconds (a JS Date would drop them and repeat or skip rows).
  let cursor: { at: string; id: string } | null = null;
  let header: string | null = csvLine(COLUMNS.map(([name]) => name));
  for (;;) {
    const after: ReturnType<typeof sql> | undefined = cursor
      ? sql`(${t.createdAt}, ${t.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined;
    // The list's columns, with the customer's email and the card's last four (page-rows.ts).
    const rows: (ExportRow & { cursorAt: string })[] = await db
      .select({ ...pageColumns, cardId: t.cardId, cursorAt: sql<string>`${t.createdAt}::text` })
      .from(t)
      .where(and(where, after))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(BATCH);
    const lines = rows.map((r) => csvLine(COLUMNS.map(([, get]) => get(r)))).join("");
    if (header !== null) {
      yield header + lines;
      header = null;
    } else if (lines) yield lines;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
  }
}
