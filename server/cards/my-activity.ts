import { and, desc, eq, inArray } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { cardCustomers } from "@/server/db/schema/cards";
import { cardDisputes, type DisputeStatus } from "@/server/db/schema/disputes";
import { cardTransactions, customerBalances } from "@/server/db/schema/money";

export const MY_RECENT_TRANSACTIONS = 5;

export interface MyActivity {
  /** Null until the account wallet is deployed (no balance yet). */
  balance: { currency: string; available_minor: number; pending_minor: number } | null;
  /** The cardholder's newest card transactions, newest first. */
  recent: {
    transaction_id: string;
    merchant: string | null;
    type: string;
    status: string;
    amount_minor: number;
    currency: string;
    billing_amount_minor: number;
    billing_currency: string;
    created_at: string;
    /** A declined one: why, in the cardholder's words (docs/spending-controls.md, Decline reasons). */
    decline_reason: string | null;
    /** The spending limit or list that declined it, in words; never an authorization rule's. */
    declined_by: string | null;
    /** The transaction's latest dispute, if any (the cardholder's or staff's). */
    dispute: { dispute_id: string; status: DisputeStatus; amount_minor: number; currency: string } | null;
  }[];
}

/**
 * My card's balance and recent transactions, for the signed-in cardholder only: their own wallet's
 * balance row and their newest transactions (through the (org, svc_card_id, created_at) index).
 */
export async function getMyActivity({ ctx }: { ctx: Ctx }): Promise<MyActivity> {
  if (ctx.actor.type !== "cardholder")
    throw new ServiceError("INSUFFICIENT_PERMISSION", "My card's activity is the cardholder's own.");
  const [customer] = await ctx.db
    .select({ id: cardCustomers.id, svcCardId: cardCustomers.svcCardId })
    .from(cardCustomers)
    .where(and(eq(cardCustomers.id, ctx.actor.customerId), eq(cardCustomers.orgId, ctx.orgId)));
  if (!customer) throw new ServiceError("NOT_FOUND", "This card account no longer exists.");
  const [balance] = await ctx.db
    .select()
    .from(customerBalances)
    .where(and(eq(customerBalances.orgId, ctx.orgId), eq(customerBalances.customerId, customer.id)));
  const rows = await ctx.db
    .select()
    .from(cardTransactions)
    .where(and(eq(cardTransactions.orgId, ctx.orgId), eq(cardTransactions.svcCardId, customer.svcCardId)))
    .orderBy(desc(cardTransactions.createdAt), desc(cardTransactions.id))
    .limit(MY_RECENT_TRANSACTIONS);
  const latestDispute = await latestDisputes(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    balance: balance
      ? {
          currency: balance.currency,
          available_minor: balance.ledgerMinor - balance.pendingMinor,
          pending_minor: balance.pendingMinor,
        }
      : null,
    recent: rows.map((r) => ({
      transaction_id: r.id,
      merchant: r.merchant,
      type: r.type,
      status: r.status,
      amount_minor: r.amountMinor,
      currency: r.currency,
      billing_amount_minor: r.billingAmountMinor,
      billing_currency: r.billingCurrency,
      created_at: r.createdAt.toISOString(),
      decline_reason: r.status === "declined" ? r.declineReason : null,
      // A rule's conditions are the program's fraud logic: the cardholder gets the reason, not the rule.
      declined_by:
        r.status === "declined" && r.declineRule && r.declineRule.level !== "rule"
          ? r.declineRule.description
          : null,
      dispute: latestDispute.get(r.id) ?? null,
    })),
  };
}

/** The newest dispute of each of these transactions (card_disputes_transaction_idx). */
async function latestDisputes(ctx: Ctx, transactionIds: string[]) {
  const out = new Map<string, MyActivity["recent"][number]["dispute"]>();
  if (transactionIds.length === 0) return out;
  const rows = await ctx.db
    .select()
    .from(cardDisputes)
    .where(and(eq(cardDisputes.orgId, ctx.orgId), inArray(cardDisputes.transactionId, transactionIds)))
    .orderBy(desc(cardDisputes.createdAt));
  for (const d of rows)
    if (!out.has(d.transactionId))
      out.set(d.transactionId, {
        dispute_id: d.id,
        status: d.status,
        amount_minor: d.amountMinor,
        currency: d.currency,
      });
  return out;
}
