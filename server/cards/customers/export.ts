import { and, desc, sql } from "drizzle-orm";
import { type CustomerListQuery, customerListQuerySchema } from "@/lib/contracts/cards";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { type Ctx, readDb } from "@/server/context";
import { cardCustomers } from "@/server/db/schema/cards";
import { csvLine } from "@/server/http/csv-stream";
import { cardsAndBalancesOf, customerListWhere } from "./list";

const BATCH = 1_000;

type Row = Pick<
  typeof cardCustomers.$inferSelect,
  | "id"
  | "svcCardId"
  | "email"
  | "externalId"
  | "step"
  | "flowStatus"
  | "kycStatus"
  | "currency"
  | "safeState"
  | "createdAt"
>;
type Extra = { cards: number; available: number | null };

/** The columns, named as the API names the fields (GET /api/v1/card-issuer/customers). */
const COLUMNS: [string, (c: Row, x: Extra) => string | number | null][] = [
  ["svc_card_id", (c) => c.svcCardId],
  ["email", (c) => c.email],
  ["external_id", (c) => c.externalId],
  ["step", (c) => c.step],
  ["flow_status", (c) => c.flowStatus],
  ["kyc_status", (c) => c.kycStatus],
  ["currency", (c) => c.currency],
  ["cards_count", (_, x) => x.cards],
  ["available_balance", (_, x) => toMajor(x.available)],
  ["created_at", (c) => c.createdAt.toISOString()],
];

/**
 * The Customers page's "Export CSV": every customer the list's search and filters select, newest
 * first whatever the page's sort, streamed in batches of 1,000 read by keyset (created_at, id)
 * with each batch's card counts and balances (two lookups per batch, as a page). The first batch is
 * read before the header is yielded, so a refusal or a failing first query fails the request
 * (server/http/csv-stream.ts, which also caps the rows at CSV_EXPORT_MAX_ROWS).
 */
export async function* streamCustomersCsv({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: Partial<Pick<CustomerListQuery, "q" | "kyc_status" | "flow_status">>;
}): AsyncIterable<string> {
  authorize(ctx, "streamCustomersCsv");
  const db = await readDb(ctx);
  const f = customerListQuerySchema.parse(input);
  const where = customerListWhere(ctx.orgId, f);
  const c = cardCustomers;
  // created_at as text keeps its microseconds (a JS Date would drop them and repeat or skip rows).
  let cursor: { at: string; id: string } | null = null;
  let header: string | null = csvLine(COLUMNS.map(([name]) => name));
  for (;;) {
    const after = cursor
      ? sql`(${c.createdAt}, ${c.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined;
    const rows: (Row & { cursorAt: string })[] = await db
      .select({
        id: c.id,
        svcCardId: c.svcCardId,
        email: c.email,
        externalId: c.externalId,
        step: c.step,
        flowStatus: c.flowStatus,
        kycStatus: c.kycStatus,
        currency: c.currency,
        safeState: c.safeState,
        createdAt: c.createdAt,
        cursorAt: sql<string>`${c.createdAt}::text`,
      })
      .from(c)
      .where(and(where, after))
      .orderBy(desc(c.createdAt), desc(c.id))
      .limit(BATCH);
    const { cardCount, available } = await cardsAndBalancesOf(
      ctx,
      rows.map((r) => r.id),
    );
    const lines = rows
      .map((r) => {
        const extra: Extra = {
          cards: cardCount.get(r.id) ?? 0,
          available: r.safeState === "deployed" ? (available.get(r.id) ?? null) : null,
        };
        return csvLine(COLUMNS.map(([, get]) => get(r, extra)));
      })
      .join("");
    if (header !== null) {
      yield header + lines;
      header = null;
    } else if (lines) yield lines;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
  }
}
