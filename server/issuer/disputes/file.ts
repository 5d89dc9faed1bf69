import { and, eq, inArray } from "drizzle-orm";
import type { DisputeView, FileDisputeInput } from "@/lib/contracts/disputes";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import { cardDisputes, OPEN_DISPUTE_STATUSES } from "@/server/db/schema/disputes";
import { cardTransactions } from "@/server/db/schema/money";
import { billingOfCredit, creditableMinor, creditsOf } from "@/server/issuer/card-network/credits";
import { recordAudit } from "@/server/platform/audit";
import { disputeView, emitDisputeEvent } from "./view";

/**
 * Files a dispute of one of the customer's transactions (docs/money.md, "Disputes"): a settled
 * purchase only (DISPUTE_NOT_ALLOWED otherwise: authorized, declined, reversed, a refund...),
 * one open dispute per transaction (DISPUTE_ALREADY_OPEN; the partial unique index backs the check
 * against a race), none once a dispute of it was won or it was refunded in full
 * (PURCHASE_ALREADY_CREDITED), at most what its refunds left (default all of that). Staff, API keys
 * and the cardholder (their own transactions, from My card too) may file. Writes the dispute,
 * dispute.created and an audit entry in one transaction.
 */
export async function fileDispute({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; transactionId: string } & FileDisputeInput;
}): Promise<DisputeView> {
  authorize(ctx, "fileDispute");
  const customer = await findCustomer(ctx, input.svcCardId);
  return ctx.db.transaction(async (tx) => {
    // The purchase's row lock serializes everything that credits it back (refunds, filings,
    // decisions; ../card-network/credits.ts): what is read below stays true until commit.
    const [txn] = await tx
      .select()
      .from(cardTransactions)
      .where(
        and(
          cardTransactionIdIs(input.transactionId),
          eq(cardTransactions.orgId, ctx.orgId),
          eq(cardTransactions.customerId, customer.id),
        ),
      )
      .for("update");
    if (!txn) throw new ServiceError("NOT_FOUND", "No card transaction with this id for this customer.");
    if (txn.type !== "purchase" || txn.status !== "settled")
      throw new ServiceError(
        "DISPUTE_NOT_ALLOWED",
        `Only a settled purchase can be disputed; this ${txn.type} is ${txn.status.replace("_", " ")}.`,
      );
    const [open] = await tx
      .select({ id: cardDisputes.id })
      .from(cardDisputes)
      .where(
        and(eq(cardDisputes.transactionId, txn.id), inArray(cardDisputes.status, [...OPEN_DISPUTE_STATUSES])),
      );
    if (open)
      throw new ServiceError(
        "DISPUTE_ALREADY_OPEN",
        `The transaction already has an open dispute, ${open.id}.`,
        {
          data: { dispute_id: open.id },
        },
      );
    const credits = await creditsOf(tx, txn);
    if (credits.wonDisputeId)
      throw new ServiceError(
        "PURCHASE_ALREADY_CREDITED",
        `A dispute of this purchase was already won (${credits.wonDisputeId}); a purchase is credited by ` +
          `one dispute at most.`,
        { data: { dispute_id: credits.wonDisputeId } },
      );
    const disputable = creditableMinor(txn, credits);
    if (disputable <= 0)
      throw new ServiceError(
        "PURCHASE_ALREADY_CREDITED",
        "The purchase was already refunded in full; nothing is left to dispute.",
      );
    const amountMinor = input.amount ?? disputable;
    if (amountMinor > disputable)
      throw new ServiceError(
        "VALIDATION_ERROR",
        disputable === txn.amountMinor
          ? `At most the transaction's amount, ${toMajor(txn.amountMinor)} ${txn.currency}, can be disputed.`
          : `At most ${toMajor(disputable)} ${txn.currency} can be disputed: the rest of the purchase was ` +
              `already refunded.`,
        { details: [{ path: "amount", message: `At most ${toMajor(disputable)}.` }] },
      );
    const now = new Date();
    // What a win would credit as things stand; the decision credits what is left then (decide.ts).
    const creditMinor = billingOfCredit(txn, credits.creditedMinor, amountMinor);
    const [row] = await tx
      .insert(cardDisputes)
      .values({
        id: newId("dsp"),
        orgId: ctx.orgId,
        customerId: customer.id,
        svcCardId: customer.svcCardId,
        transactionId: txn.id,
        reasonCode: input.reason_code,
        description: input.description,
        amountMinor,
        currency: txn.currency,
        creditMinor,
        creditCurrency: txn.billingCurrency,
        filedBy: ctx.actor.type,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await emitDisputeEvent(tx, "dispute.created", row!);
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "dispute.created",
        targetType: "dispute",
        targetId: row!.id,
        detail: { transaction_id: txn.id },
      },
    );
    return disputeView(row!, txn.merchant);
  });
}
