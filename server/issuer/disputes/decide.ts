import { and, eq } from "drizzle-orm";
import type { DisputeView } from "@/lib/contracts/disputes";
import { isServiceError, ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import { applyBalanceChange } from "@/server/balances/apply";
import { findCustomer } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardDisputes, type DisputeStatus } from "@/server/db/schema/disputes";
import { billingOfCredit, creditableMinor, creditsOf } from "@/server/issuer/card-network/credits";
import { lockTransaction } from "@/server/issuer/card-network/find";
import type { CardTransactionRow } from "@/server/issuer/card-network/view";
import { walletAddressOf } from "@/server/issuer/card-network/wallet";
import { recordAudit } from "@/server/platform/audit";
import { providers } from "@/server/providers/current";
import { type DisputeRow, disputeView, emitDisputeEvent } from "./view";

/**
 * A dispute's moves (docs/money.md, "Disputes"): submitted -> under_review; submitted or
 * under_review -> won | lost (the network's decision; the sandbox's decide endpoint stands in for
 * it) or withdrawn (by whoever may file). Anything from a final state is DISPUTE_CLOSED; a move
 * to the state it is in, or back, is CONFLICT.
 */
const NEXT: Record<DisputeStatus, readonly DisputeStatus[]> = {
  submitted: ["under_review", "won", "lost", "withdrawn"],
  under_review: ["won", "lost", "withdrawn"],
  won: [],
  lost: [],
  withdrawn: [],
};

/**
 * The dispute and its purchase, both locked for the rest of `tx`, the purchase first: every writer
 * of a purchase's credits (refunds, filings, decisions) takes the purchase's lock first, so they
 * queue on it, and the dispute read under it is its latest state (two decisions at once: the
 * second sees the first's).
 */
async function lockDispute(
  tx: Db,
  ctx: Ctx,
  disputeId: string,
  customerId?: string,
): Promise<{ d: DisputeRow; txn: CardTransactionRow }> {
  const mine = and(
    eq(cardDisputes.id, disputeId),
    eq(cardDisputes.orgId, ctx.orgId),
    customerId ? eq(cardDisputes.customerId, customerId) : undefined,
  );
  const [found] = await tx
    .select({ transactionId: cardDisputes.transactionId })
    .from(cardDisputes)
    .where(mine);
  if (!found) throw new ServiceError("NOT_FOUND", "No dispute with this id.");
  // The dispute row is the organization's already; its transaction is read within it too.
  const txn = await lockTransaction(tx, ctx.orgId, found.transactionId).catch((e: unknown) => {
    throw isServiceError(e) && e.code === "NOT_FOUND"
      ? new ServiceError("NOT_FOUND", "The disputed transaction is gone.")
      : e;
  });
  const [d] = await tx.select().from(cardDisputes).where(mine).for("update");
  if (!d) throw new ServiceError("NOT_FOUND", "No dispute with this id.");
  return { d, txn };
}

/**
 * Moves the locked dispute to `to`. A win credits what is left of the purchase to credit, up to
 * the disputed amount (../card-network/credits.ts: a refund may have come in while the dispute was
 * open; nothing left is PURCHASE_ALREADY_CREDITED), and the dispute's amount and credit become what
 * was credited. The credit goes to the customer's balance through the balance ledger
 * (customer.balance.updated with trigger dispute, in the same transaction; in the sandbox the
 * tokens come back to the wallet on chain first, as for a refund).
 */
async function move(
  ctx: Ctx,
  tx: Db,
  { d, txn }: { d: DisputeRow; txn: CardTransactionRow },
  to: DisputeStatus,
): Promise<DisputeView> {
  if (NEXT[d.status].length === 0)
    throw new ServiceError(
      "DISPUTE_CLOSED",
      `The dispute is already ${d.status}; it cannot change any more.`,
    );
  if (!NEXT[d.status].includes(to))
    throw new ServiceError(
      "CONFLICT",
      `The dispute is ${d.status.replace("_", " ")}; it cannot become ${to}.`,
    );
  const now = new Date();
  let credited: { amountMinor: number; creditMinor: number } | undefined;
  if (to === "won") {
    const credits = await creditsOf(tx, txn);
    const left = creditableMinor(txn, credits);
    if (credits.wonDisputeId || left <= 0)
      throw new ServiceError(
        "PURCHASE_ALREADY_CREDITED",
        credits.wonDisputeId
          ? `A dispute of this purchase was already won (${credits.wonDisputeId}).`
          : "The purchase was refunded in full while the dispute was open; nothing is left for it to " +
              "credit. Decide it lost or withdraw it.",
        credits.wonDisputeId ? { data: { dispute_id: credits.wonDisputeId } } : {},
      );
    const amountMinor = Math.min(d.amountMinor, left);
    credited = { amountMinor, creditMinor: billingOfCredit(txn, credits.creditedMinor, amountMinor) };
    const { txHash } = await providers().chain.moveFunds(tx, {
      orgId: ctx.orgId,
      address: await walletAddressOf(tx, txn),
      deltaMinor: credited.creditMinor,
    });
    await applyBalanceChange(tx, {
      orgId: ctx.orgId,
      customerId: d.customerId,
      ledgerDeltaMinor: credited.creditMinor,
      pendingDeltaMinor: 0,
      trigger: "dispute",
      txHash,
    });
  }
  const final = to === "won" || to === "lost" || to === "withdrawn";
  // The status condition makes the move conditional too: a row that left d.status meanwhile
  // (which the lock rules out) would update nothing rather than be decided twice.
  const [row] = await tx
    .update(cardDisputes)
    .set({ status: to, updatedAt: now, resolvedAt: final ? now : null, ...credited })
    .where(and(eq(cardDisputes.id, d.id), eq(cardDisputes.status, d.status)))
    .returning();
  if (!row) throw new ServiceError("DISPUTE_CLOSED", "The dispute was decided meanwhile.");
  await emitDisputeEvent(tx, "dispute.updated", row);
  await recordAudit(
    { ...ctx, db: tx },
    {
      action: `dispute.${to}`,
      targetType: "dispute",
      targetId: d.id,
      detail: {
        from: d.status,
        to,
        ...(credited && {
          disputed_amount_minor: d.amountMinor,
          credited_amount_minor: credited.amountMinor,
          credit_minor: credited.creditMinor,
        }),
      },
    },
  );
  return disputeView(row, txn.merchant);
}

/** The sandbox's stand-in for the card network's decision: under_review, won or lost. Not for cardholders. */
export async function decideDispute({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { disputeId: string; status: "under_review" | "won" | "lost" };
}): Promise<DisputeView> {
  authorize(ctx, "decideDispute");
  return ctx.db.transaction(async (tx) =>
    move(ctx, tx, await lockDispute(tx, ctx, input.disputeId), input.status),
  );
}

/** Withdraws an open dispute of the customer (staff, API keys, or the cardholder their own). */
export async function withdrawDispute({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; disputeId: string };
}): Promise<DisputeView> {
  authorize(ctx, "withdrawDispute");
  const customer = await findCustomer(ctx, input.svcCardId);
  return ctx.db.transaction(async (tx) =>
    move(ctx, tx, await lockDispute(tx, ctx, input.disputeId, customer.id), "withdrawn"),
  );
}
