import { and, eq, inArray } from "drizzle-orm";
import type { DisputeView, FileDisputeInput } from "@/lib/contracts/disputes";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { toMajor } from "@/lib/money";
import type { Ctx } from "@/server/context";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import { requireCardScope } from "@/server/cards/access";
import { findCustomer } from "@/server/cards/customers/find";
import { cardDisputes, OPEN_DISPUTE_STATUSES } from "@/server/db/schema/disputes";
import { cardTransactions } from "@/server/db/schema/money";
import { toBillingMinor } from "@/server/issuer/card-network/fx";
import { recordAudit } from "@/server/platform/audit";
import { disputeView, emitDisputeEvent } from "./view";

/**
 * Files a dispute of one of the customer's transactions (docs/money.md, "Disputes"): a settled
 * purchase only (DISPUTE_NOT_ALLOWED otherwise: authorized, declined, reversed, a refund...),
 * at most its amount, one open dispute per transaction (DISPUTE_ALREADY_OPEN; the partial unique
 * index backs the check against a race). Staff, API keys and the cardholder (their own
 * transactions) may file. Writes the dispute, dispute.created and an audit entry in one transaction.
 */
export async function fileDispute({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; transactionId: string } & FileDisputeInput;
}): Promise<DisputeView> {
  requireCardScope(ctx, "write");
  const customer = await findCustomer(ctx, input.svcCardId);
  return ctx.db.transaction(async (tx) => {
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
    const amountMinor = input.amount ?? txn.amountMinor;
    if (amountMinor > txn.amountMinor)
      throw new ServiceError(
        "VALIDATION_ERROR",
        `At most the transaction's amount, ${toMajor(txn.amountMinor)} ${txn.currency}, can be disputed.`,
        { details: [{ path: "amount", message: `At most ${toMajor(txn.amountMinor)}.` }] },
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
    const now = new Date();
    const creditMinor =
      amountMinor === txn.amountMinor ? txn.billingAmountMinor : toBillingMinor(amountMinor, txn.fxRate);
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
