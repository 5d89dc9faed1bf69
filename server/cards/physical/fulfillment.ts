import type { CardOrderMove, CardOrderStatus } from "@/lib/contracts/card-orders";
import { env } from "@/lib/env";
import { isServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { payloadString, PermanentJobError, registerJobHandler } from "@/server/jobs/job-handlers";
import { applyOrderMove, lockOrder } from "./moves";
import { FULFILLMENT_STEP_JOB } from "./order";

/**
 * The simulated fulfillment (sandbox; docs/physical-cards.md, Sandbox): the printer and the
 * carrier move each order one step every SANDBOX_FULFILLMENT_SECONDS, pending -> submitted ->
 * shipped -> delivered, through the same moves the sandbox helpers use, so a step the helpers (or
 * a cancel) already made is simply skipped. One job per order, repeating until a final status.
 */
const NEXT: Partial<Record<CardOrderStatus, CardOrderMove>> = {
  pending: "submit",
  submitted: "ship",
  shipped: "deliver",
};

/** One step of one order; the time of the next, or null when the order needs no more. */
export async function fulfillmentStep(
  db: Db,
  input: { orgId: string; orderId: string; stepSeconds: number },
): Promise<Date | null> {
  const ctx: Ctx = { orgId: input.orgId, db, actor: { type: "system", reason: "sandbox fulfillment" } };
  return db.transaction(async (tx) => {
    let target;
    try {
      target = await lockOrder(ctx, tx, input.orderId);
    } catch (e) {
      if (isServiceError(e) && e.code === "NOT_FOUND") throw new PermanentJobError("The order is gone.");
      throw e;
    }
    const move = NEXT[target.order.status];
    if (!move) return null;
    const moved = await applyOrderMove(ctx, tx, target, move);
    return NEXT[moved.order.status] ? new Date(Date.now() + input.stepSeconds * 1000) : null;
  });
}

export function registerCardFulfillmentJob(): void {
  registerJobHandler(FULFILLMENT_STEP_JOB, async ({ db, job }) => {
    if (!job.orgId) throw new PermanentJobError("The job has no organization.");
    const next = await fulfillmentStep(db, {
      orgId: job.orgId,
      orderId: payloadString(job.payload, "orderId"),
      stepSeconds: env().SANDBOX_FULFILLMENT_SECONDS,
    });
    return next ? { repeatAt: next } : undefined;
  });
}
