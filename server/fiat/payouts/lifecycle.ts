import { and, eq, inArray, sql } from "drizzle-orm";
import type { PayoutView } from "@/lib/contracts/fiat-payments";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { fiatPayouts, type PayoutStatus } from "@/server/db/schema/fiat";
import { emitPayoutEvent } from "@/server/fiat/events";
import { creditWallet } from "@/server/fiat/wallets/manage";
import { enqueueJob } from "@/server/jobs/queue";
import { recordAudit } from "@/server/platform/audit";
import { requireSandbox } from "@/server/providers/sandbox/mode";
import { type PayoutRow, payoutView } from "./view";

/**
 * A payout's life (docs/fiat.md "Payouts"): pending -> processing -> completed, or failed /
 * returned, which refund the whole amount_due to the wallet. The sandbox rail moves each step a
 * few seconds after the previous, in the worker; sandbox endpoints force a failure or a return.
 * Every move is one conditional UPDATE on the expected status, with its event and any refund in
 * the same transaction, so a job run twice or racing a forced failure moves the payout once.
 */
export const PAYOUT_STEP_JOB = "fiat.payout.step";
const STEP_DELAY_MS = 3_000;

const NEXT: Partial<Record<PayoutStatus, PayoutStatus>> = { pending: "processing", processing: "completed" };

export async function schedulePayoutStep(tx: Db, p: PayoutRow): Promise<void> {
  await enqueueJob(tx, {
    kind: PAYOUT_STEP_JOB,
    orgId: p.orgId,
    payload: { payoutId: p.id },
    runAt: new Date(Date.now() + STEP_DELAY_MS),
  });
}

async function move(
  tx: Db,
  orgId: string,
  id: string,
  from: PayoutStatus[],
  to: PayoutStatus,
  failureReason: string | null = null,
): Promise<PayoutRow | null> {
  const terminal = to === "completed" || to === "failed" || to === "returned";
  const [row] = await tx
    .update(fiatPayouts)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(to === "completed" ? { completedAt: sql`now()` } : {}),
      ...(terminal && to !== "completed" ? { failureReason } : {}),
    })
    .where(and(eq(fiatPayouts.id, id), eq(fiatPayouts.orgId, orgId), inArray(fiatPayouts.status, from)))
    .returning();
  if (!row) return null;
  if (to === "failed" || to === "returned") await creditWallet(tx, orgId, row.walletCurrency, row.amountDue);
  await emitPayoutEvent(tx, to as "processing" | "completed" | "failed" | "returned", row);
  return row;
}

/**
 * The worker's step: moves the payout one state on and schedules the next; false when there was nothing
 * to do.
 */
export async function advancePayout(db: Db, input: { orgId: string; payoutId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: fiatPayouts.status })
      .from(fiatPayouts)
      .where(and(eq(fiatPayouts.id, input.payoutId), eq(fiatPayouts.orgId, input.orgId)));
    const to = current && NEXT[current.status];
    if (!current || !to) return false;
    const row = await move(tx, input.orgId, input.payoutId, [current.status], to);
    if (row && to === "processing") await schedulePayoutStep(tx, row);
    return Boolean(row);
  });
}

/**
 * Sandbox: the rail fails a payout that has not completed (pending or processing), or the
 * beneficiary's bank returns a completed one. Either refunds amount_due. 409
 * PAYOUT_NOT_CHANGEABLE from any other state.
 */
export async function forcePayoutOutcome({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { payout_id: string; outcome: "fail" | "return"; reason?: string };
}): Promise<PayoutView> {
  requireSandbox();
  authorize(ctx, "forcePayoutOutcome");
  const [from, to, reason]: [PayoutStatus[], PayoutStatus, string] =
    input.outcome === "fail"
      ? [["pending", "processing"], "failed", input.reason ?? "rejected_by_rail"]
      : [["completed"], "returned", input.reason ?? "account_closed"];
  const row = await ctx.db.transaction(async (tx) => {
    const moved = await move(tx, ctx.orgId, input.payout_id, from, to, reason);
    // Staff or a key forced it (the rail's own steps are the worker's, not audited): in the same commit.
    if (moved)
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: input.outcome === "fail" ? "sandbox.payout_failed" : "sandbox.payout_returned",
          targetType: "fiat_payout",
          targetId: moved.id,
          after: { status: moved.status },
          detail: { reason, amount_due: moved.amountDue, currency: moved.walletCurrency },
        },
      );
    return moved;
  });
  if (row) return payoutView(row);
  const [exists] = await ctx.db
    .select({ status: fiatPayouts.status })
    .from(fiatPayouts)
    .where(and(eq(fiatPayouts.id, input.payout_id), eq(fiatPayouts.orgId, ctx.orgId)));
  if (!exists) throw new ServiceError("NOT_FOUND", "There is no such payout.");
  throw new ServiceError(
    "PAYOUT_NOT_CHANGEABLE",
    input.outcome === "fail"
      ? `A ${exists.status} payout cannot fail; only pending or processing ones can.`
      : `A ${exists.status} payout cannot be returned; only completed ones can.`,
  );
}
