import { and, eq } from "drizzle-orm";
import type { DisputeView } from "@/lib/contracts/disputes";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { refuseCardholder, requireCardScope } from "@/server/cards/access";
import { findCustomer } from "@/server/cards/customers/find";
import { cardTransactionIdIs } from "@/server/db/card-transaction-ids";
import type { Db } from "@/server/db/client";
import { cardDisputes, type DisputeStatus } from "@/server/db/schema/disputes";
import { cardTransactions } from "@/server/db/schema/money";
import { applyBalanceChange } from "@/server/balances/apply";
import { walletAddressOf } from "@/server/issuer/card-network/wallet";
import { recordAudit } from "@/server/platform/audit";
import { providers } from "@/server/providers/current";
import { disputeView, emitDisputeEvent, type DisputeRow } from "./view";

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

async function lockDispute(tx: Db, ctx: Ctx, disputeId: string, customerId?: string): Promise<DisputeRow> {
  const [row] = await tx
    .select()
    .from(cardDisputes)
    .where(
      and(
        eq(cardDisputes.id, disputeId),
        eq(cardDisputes.orgId, ctx.orgId),
        customerId ? eq(cardDisputes.customerId, customerId) : undefined,
      ),
    )
    .for("update");
  if (!row) throw new ServiceError("NOT_FOUND", "No dispute with this id.");
  return row;
}

/**
 * Moves the locked dispute to `to`: a win credits creditMinor to the customer's balance through
 * the balance ledger (customer.balance.updated with trigger dispute, in the same transaction;
 * in the sandbox the tokens come back to the wallet on chain first, as for a refund).
 */
async function move(ctx: Ctx, tx: Db, d: DisputeRow, to: DisputeStatus): Promise<DisputeView> {
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
  // The dispute row is the organization's already; its transaction is read within it too.
  const [txn] = await tx
    .select()
    .from(cardTransactions)
    .where(and(cardTransactionIdIs(d.transactionId), eq(cardTransactions.orgId, ctx.orgId)));
  if (!txn) throw new ServiceError("NOT_FOUND", "The disputed transaction is gone.");
  const now = new Date();
  if (to === "won") {
    const { txHash } = await providers().chain.moveFunds(tx, {
      orgId: ctx.orgId,
      address: await walletAddressOf(tx, txn),
      deltaMinor: d.creditMinor,
    });
    await applyBalanceChange(tx, {
      orgId: ctx.orgId,
      customerId: d.customerId,
      ledgerDeltaMinor: d.creditMinor,
      pendingDeltaMinor: 0,
      trigger: "dispute",
      txHash,
    });
  }
  const final = to === "won" || to === "lost" || to === "withdrawn";
  const [row] = await tx
    .update(cardDisputes)
    .set({ status: to, updatedAt: now, resolvedAt: final ? now : null })
    .where(eq(cardDisputes.id, d.id))
    .returning();
  await emitDisputeEvent(tx, "dispute.updated", row!);
  await recordAudit(
    { ...ctx, db: tx },
    { action: `dispute.${to}`, targetType: "dispute", targetId: d.id, detail: { from: d.status, to } },
  );
  return disputeView(row!, txn.merchant);
}

/** The sandbox's stand-in for the card network's decision: under_review, won or lost. Not for cardholders. */
export async function decideDispute({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { disputeId: string; status: "under_review" | "won" | "lost" };
}): Promise<DisputeView> {
  refuseCardholder(ctx);
  requireCardScope(ctx, "write");
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
  requireCardScope(ctx, "write");
  const customer = await findCustomer(ctx, input.svcCardId);
  return ctx.db.transaction(async (tx) =>
    move(ctx, tx, await lockDispute(tx, ctx, input.disputeId, customer.id), "withdrawn"),
  );
}
