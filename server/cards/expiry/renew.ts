import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { isServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { log } from "@/server/log";
import { emitCardExpiring } from "../replacement/events";
import { replaceLockedCard } from "../replacement/replace";
import { lastMonthEndingBy } from "./expired";

/**
 * The daily renewal (docs/card-replacement.md, Expiry and renewal): every card in use (active or
 * frozen), not yet replaced, whose expiry falls within `windowDays` of `now` (or has passed) raises
 * card.expiring once and is replaced with the reason expired: a new virtual card, or a new
 * physical card and its order to the old order's address. The old card keeps working until its
 * expiry. Each card is its own transaction with the customer and the card locked; a renewal that
 * is refused (no address to ship to, onboarding no longer complete) is logged, rolls back alone
 * (a savepoint) and is tried again the next day, while its card.expiring stands.
 */

const BATCH = 200;

interface BatchRow {
  id: string;
  orgId: string;
  expYear: number | null;
  expMonth: number | null;
}
const DAY_MS = 86_400_000;

export interface RenewalReport {
  notified: number;
  renewed: number;
  failed: number;
}

export async function renewExpiringCards(
  db: Db,
  opts: {
    now: Date;
    windowDays: number;
    /** One organization's cards only (tests; the daily job covers every organization). */
    orgId?: string;
    /** Cards read per keyset page (tests use small pages to cross page boundaries). */
    batchSize?: number;
  },
): Promise<RenewalReport> {
  const batchSize = opts.batchSize ?? BATCH;
  const bound = lastMonthEndingBy(new Date(opts.now.getTime() + opts.windowDays * DAY_MS));
  const report: RenewalReport = { notified: 0, renewed: 0, failed: 0 };
  // A pass renews the cards that existed when it began, never a card it issued itself: a new card
  // whose expiry fell inside the window (a clock moved by a test, a provider's short expiry) would
  // otherwise be renewed again in the same pass when the keyset reaches it, card after card, until
  // the customer's card limit refused the renewals still due.
  const startedAt = new Date();
  let after: { year: number; month: number; id: string } | null = null;
  for (;;) {
    // One range of the partial index cards_expiry_idx (replaced_by is null), keyset by expiry and id.
    const batch: BatchRow[] = await db
      .select({ id: cards.id, orgId: cards.orgId, expYear: cards.expYear, expMonth: cards.expMonth })
      .from(cards)
      .where(
        and(
          isNull(cards.replacedBy),
          isNotNull(cards.expYear),
          inArray(cards.status, ["active", "frozen"]),
          lt(cards.createdAt, startedAt),
          opts.orgId ? eq(cards.orgId, opts.orgId) : undefined,
          sql`(${cards.expYear}, ${cards.expMonth}) <= (${bound.year}, ${bound.month})`,
          after
            ? sql`(${cards.expYear}, ${cards.expMonth}, ${cards.id}) > (${after.year}, ${after.month}, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(cards.expYear), asc(cards.expMonth), asc(cards.id))
      .limit(batchSize);
    for (const row of batch) await renewOne(db, row, opts.now, report);
    if (batch.length < batchSize) return report;
    const last = batch[batch.length - 1]!;
    after = { year: last.expYear!, month: last.expMonth!, id: last.id };
  }
}

/**
 * One card's renewal in its own transaction (the job's step). A refused replacement is logged and
 * rolled back alone, card.expiring kept; with `rethrow` (the sandbox's renewal of one card) the
 * refusal is thrown and nothing is kept.
 */
export async function renewOne(
  db: Db,
  row: { id: string; orgId: string },
  now: Date,
  report: RenewalReport,
  opts: { rethrow?: boolean } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const ctx: Ctx = { orgId: row.orgId, db: tx, actor: { type: "system", reason: "card renewal" } };
    const [card] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.id, row.id), eq(cards.orgId, row.orgId)));
    if (!card) return;
    const [customer] = await tx
      .select()
      .from(cardCustomers)
      .where(and(eq(cardCustomers.id, card.customerId), eq(cardCustomers.orgId, row.orgId)))
      .for("update");
    const [locked] = await tx.select().from(cards).where(eq(cards.id, row.id)).for("update");
    // Replaced or retired since the batch was read: nothing to do.
    if (
      !customer ||
      !locked ||
      locked.replacedBy ||
      (locked.status !== "active" && locked.status !== "frozen")
    )
      return;
    if (!locked.expiringNotifiedAt) {
      await emitCardExpiring(tx, { svcCardId: customer.svcCardId, card: locked, at: now });
      await tx.update(cards).set({ expiringNotifiedAt: now }).where(eq(cards.id, locked.id));
      report.notified++;
    }
    try {
      await tx.transaction((sp) =>
        replaceLockedCard({ ...ctx, db: sp }, { customer, card: locked }, { reason: "expired" }),
      );
      report.renewed++;
    } catch (error) {
      if (!isServiceError(error) || opts.rethrow) throw error;
      report.failed++;
      log.warn(
        { orgId: row.orgId, cardId: locked.id, code: error.code },
        "card renewal refused; retried tomorrow",
      );
    }
  });
}
