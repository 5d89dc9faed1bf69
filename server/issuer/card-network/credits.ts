import { and, eq, gte, sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/server/db/client";
import { cardDisputes } from "@/server/db/schema/disputes";
import { cardTransactions } from "@/server/db/schema/money";
import { toBillingMinor } from "./fx";
import type { CardTransactionRow } from "./view";

/**
 * What a settled purchase has been credited back (docs/money.md, "Credits of a purchase"): its
 * merchant refunds and its won dispute. Together they never exceed the purchase, in the merchant's
 * currency and in the card account's: every writer of a credit (refundCardTransaction, fileDispute,
 * decideDispute) reads this with the purchase's row locked (lockTransaction), so credits of one
 * purchase are serialized, and takes at most `creditableMinor`.
 */
export interface PurchaseCredits {
  /** Merchant minor units credited so far (refunds plus the won dispute). */
  creditedMinor: number;
  refundedMinor: number;
  /** The won dispute, if any (at most one: card_disputes_one_won_key). */
  wonDisputeId: string | null;
}

export async function creditsOf(tx: Db, purchase: CardTransactionRow): Promise<PurchaseCredits> {
  // A purchase's refunds are the customer's transactions since its settlement: the
  // (org, svc_card_id, created_at) index finds them.
  const [refunds] = await tx
    .select({ total: sql<string | number | null>`sum(${cardTransactions.amountMinor})` })
    .from(cardTransactions)
    .where(
      and(
        eq(cardTransactions.orgId, purchase.orgId),
        eq(cardTransactions.svcCardId, purchase.svcCardId),
        gte(cardTransactions.createdAt, purchase.settledAt ?? purchase.createdAt),
        eq(cardTransactions.originalTransactionId, purchase.id),
        eq(cardTransactions.type, "refund"),
      ),
    );
  const [won] = await tx
    .select({ id: cardDisputes.id, amountMinor: cardDisputes.amountMinor })
    .from(cardDisputes)
    .where(
      and(
        eq(cardDisputes.orgId, purchase.orgId),
        eq(cardDisputes.transactionId, purchase.id),
        eq(cardDisputes.status, "won"),
      ),
    );
  const refundedMinor = Number(refunds?.total ?? 0);
  return {
    refundedMinor,
    creditedMinor: refundedMinor + (won?.amountMinor ?? 0),
    wonDisputeId: won?.id ?? null,
  };
}

/** Merchant minor units of the purchase not yet credited back: the most a new credit may take. */
export function creditableMinor(purchase: CardTransactionRow, credits: PurchaseCredits): number {
  return Math.max(0, purchase.amountMinor - credits.creditedMinor);
}

/**
 * The billing (card account) minor units of a credit of `amountMinor` after `creditedMinor`
 * already credited: the conversion of everything credited with it less that of everything before,
 * so the credits of a purchase, in any order and any split, sum to at most its billing amount
 * (exactly it when the whole purchase is credited back).
 */
export function billingOfCredit(
  purchase: CardTransactionRow,
  creditedMinor: number,
  amountMinor: number,
): number {
  const billingOf = (merchantMinor: number) =>
    merchantMinor >= purchase.amountMinor
      ? purchase.billingAmountMinor
      : Math.min(purchase.billingAmountMinor, toBillingMinor(merchantMinor, purchase.fxRate));
  return billingOf(creditedMinor + amountMinor) - billingOf(creditedMinor);
}

/**
 * The money invariant of card credits, as one SQL count of violations (0 when it holds): a
 * purchase credited back, by its refunds and won disputes together, more than its amount (merchant
 * or billing), credited by more than one won dispute, or a credit of anything but a settled purchase.
 * The chaos run and the cluster tests fail on anything but 0; `orgId` narrows it to one program.
 */
export async function overCreditedPurchases(db: Db, orgId?: string): Promise<number> {
  const inOrg = orgId ? sql`and org_id = ${orgId}` : sql``;
  const rows = rowsOf<{ n: string | number }>(
    await db.execute(sql`
      with credits as (
        select org_id, original_transaction_id as id, amount_minor as m, billing_amount_minor as b, 0 as won
        from card_transactions where type = 'refund' ${inOrg}
        union all
        select org_id, transaction_id, amount_minor, credit_minor, 1
        from card_disputes where status = 'won' ${inOrg}
      ),
      per_purchase as (
        select org_id, id, sum(m) as m, sum(b) as b, sum(won) as won from credits group by org_id, id
      )
      select count(*) as n from per_purchase c
      join card_transactions p on p.id = c.id and p.org_id = c.org_id
      where p.type <> 'purchase' or p.status <> 'settled'
         or c.m > p.amount_minor or c.b > p.billing_amount_minor or c.won > 1`),
  );
  return Number(rows[0]?.n ?? 0);
}
