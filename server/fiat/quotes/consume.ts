import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import type { Db } from "@/server/db/client";
import { fiatQuotes } from "@/server/db/schema/fiat";

export type QuoteRow = typeof fiatQuotes.$inferSelect;

/**
 * Consumes a quote inside the caller's transaction: one conditional UPDATE (not consumed, not
 * expired), so of any number of concurrent payouts or deposits exactly one gets the row; the
 * others wait for its lock, then see it consumed. If the caller's transaction rolls back (no
 * funds, a mismatch), the quote is unused again. Why a quote was refused: 404 unknown, 409
 * QUOTE_ALREADY_USED, 410 QUOTE_EXPIRED.
 */
export async function consumeQuote(
  tx: Db,
  orgId: string,
  quoteId: string,
  consumer: string,
): Promise<QuoteRow> {
  const [row] = await tx
    .update(fiatQuotes)
    .set({ consumedAt: sql`now()`, consumedBy: consumer })
    .where(
      and(
        eq(fiatQuotes.id, quoteId),
        eq(fiatQuotes.orgId, orgId),
        isNull(fiatQuotes.consumedAt),
        gt(fiatQuotes.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (row) return row;
  const [existing] = await tx
    .select({ consumedAt: fiatQuotes.consumedAt })
    .from(fiatQuotes)
    .where(and(eq(fiatQuotes.id, quoteId), eq(fiatQuotes.orgId, orgId)));
  if (!existing) throw new ServiceError("NOT_FOUND", "There is no such quote.");
  if (existing.consumedAt)
    throw new ServiceError("QUOTE_ALREADY_USED", "This quote was used already; request a new one.");
  throw new ServiceError("QUOTE_EXPIRED", "This quote is older than 5 minutes; request a new one.");
}
