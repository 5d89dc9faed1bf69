import { and, desc, eq, sql } from "drizzle-orm";
import { type CardListQuery, cardListQuerySchema } from "@/lib/contracts/card-list";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { csvLine } from "@/server/http/csv-stream";
import type { CardCustomerRow, CardRow } from "../customers/find";
import { cardListItem, cardListWhere } from "./list";

const BATCH = 1_000;

/**
 * The columns, named as the API names the fields: card_id is the card's own id (crd_...), the one
 * its page and the Cards list show; card_token (ctk_...) is the card network's name for it, the
 * card_id a transaction or a webhook carries (the transactions' CSV has both, named the same way).
 */
const COLUMNS: [string, (card: CardRow, customer: CardCustomerRow) => string | number | null][] = [
  ["card_id", (c) => c.id],
  ["card_token", (c) => c.cardToken],
  ["last_four", (c) => c.lastFour],
  ["card_type", (c) => c.cardType],
  ["status", (c, cu) => cardListItem(c, cu).status],
  ["is_stolen", (c) => String(c.status === "stolen")],
  ["pin_set", (c) => String(c.pinSet)],
  ["currency", (_, cu) => cu.currency],
  ["svc_card_id", (_, cu) => cu.svcCardId],
  ["customer_email", (_, cu) => cu.email],
  ["external_id", (_, cu) => cu.externalId],
  ["created_at", (c) => c.createdAt.toISOString()],
  ["activated_at", (c) => c.activatedAt?.toISOString() ?? null],
];

/**
 * The Cards page's "Export CSV": every card the list's filters select (its search, status, type,
 * currency, customer), newest first whatever the page's sort, streamed in batches of 1,000 read by
 * keyset (created_at, id) through the list's indexes. The first batch is read before the header
 * is yielded, so a refusal or a failing first query fails the request (server/http/csv-stream.ts).
 * It has its own use case (streamCardsCsv), as the other exports, not the list's.
 */
export async function* streamCardsCsv({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: Partial<Omit<CardListQuery, "page" | "limit">>;
}): AsyncIterable<string> {
  authorize(ctx, "streamCardsCsv");
  const f = cardListQuerySchema.parse(input);
  const where = cardListWhere(ctx.orgId, f);
  // created_at as text keeps its microseconds (a JS Date would drop them and repeat or skip rows).
  let cursor: { at: string; id: string } | null = null;
  let header: string | null = csvLine(COLUMNS.map(([name]) => name));
  for (;;) {
    const after: ReturnType<typeof sql> | undefined = cursor
      ? sql`(${cards.createdAt}, ${cards.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined;
    const rows: { card: CardRow; customer: CardCustomerRow; cursorAt: string }[] = await ctx.db
      .select({ card: cards, customer: cardCustomers, cursorAt: sql<string>`${cards.createdAt}::text` })
      .from(cards)
      .innerJoin(
        cardCustomers,
        and(eq(cardCustomers.id, cards.customerId), eq(cardCustomers.orgId, ctx.orgId)),
      )
      .where(and(where, after))
      .orderBy(desc(cards.createdAt), desc(cards.id))
      .limit(BATCH);
    const lines = rows.map((r) => csvLine(COLUMNS.map(([, get]) => get(r.card, r.customer)))).join("");
    if (header !== null) {
      yield header + lines;
      header = null;
    } else if (lines) yield lines;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.card.id };
  }
}
