import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastForwardedRetries } from "@/lib/contracts/webhook-deliveries";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { webhookDeliveries } from "@/server/db/schema/webhooks";
import { recordAudit } from "@/server/platform/audit";
import { requireSandbox } from "@/server/providers/sandbox/mode";
import { findWebhook } from "./manage";
import { ensureDeliveryPumps } from "./register";
import { deliveriesQueued } from "./wake";

/** Ids listed in the answer; the count is exact. */
const LISTED_AT_MOST = 100;

/**
 * POST /api/v1/sandbox/webhooks/{webhookId}/retries/fast-forward (sandbox only; live mode: 404,
 * as every sandbox route): the subscription's pending and retrying deliveries (or the one named)
 * are due now and marked `fast_retries`, so the worker makes every attempt left at once, each as
 * soon as the one before fails (server/webhooks/delivery-queue.ts reads the mark when it records an
 * attempt), instead of after 1 min, 5 min ... 24 h. Nothing else changes: the attempts are real
 * (signed, logged, counted against the 7), and the last failure raises webhook.delivery.exhausted
 * the normal way, once; a success ends it as usual. A disabled subscription sends nothing
 * (CONFLICT); a delivery that ended has no retries left (CONFLICT: POST .../deliveries/{id}/retry
 * sends it once more).
 */
export async function fastForwardWebhookRetries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { webhookId: string; deliveryId?: string };
}): Promise<FastForwardedRetries> {
  requireSandbox();
  authorize(ctx, "sandboxFastForwardWebhookRetries");
  const hook = await findWebhook(ctx, input.webhookId);
  if (!hook.enabled)
    throw new ServiceError(
      "CONFLICT",
      "This webhook is disabled: nothing is sent to it, so no retry would run. Enable it first.",
    );
  const mine = and(eq(webhookDeliveries.orgId, ctx.orgId), eq(webhookDeliveries.webhookId, hook.id));
  if (input.deliveryId) {
    const [one] = await ctx.db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(and(mine, eq(webhookDeliveries.id, input.deliveryId)));
    if (!one) throw new ServiceError("NOT_FOUND", "No delivery with this id for this webhook.");
    if (one.status === "succeeded" || one.status === "failed")
      throw new ServiceError(
        "CONFLICT",
        `The delivery has ${one.status}: it has no retries left. POST /api/v1/svc-card/webhooks/deliveries/` +
          `${input.deliveryId}/retry sends it once more.`,
      );
  }
  const ids = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(webhookDeliveries)
      // A delivery whose attempt is running keeps its lease; its outcome reads the mark (due at once).
      .set({ fastRetries: true, nextAttemptAt: sql`now()` })
      .where(
        and(
          mine,
          inArray(webhookDeliveries.status, ["pending", "retrying"]),
          input.deliveryId ? eq(webhookDeliveries.id, input.deliveryId) : undefined,
        ),
      )
      .returning({ id: webhookDeliveries.id, createdAt: webhookDeliveries.createdAt });
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "webhook.retries_fast_forwarded",
        targetType: "webhook",
        targetId: hook.id,
        detail: { count: rows.length, ...(input.deliveryId ? { delivery_id: input.deliveryId } : {}) },
      },
    );
    return rows.map((r) => r.id);
  });
  if (ids.length > 0) {
    // The pumps run wherever a worker runs; make sure their jobs exist, then wake this process's.
    await ensureDeliveryPumps(ctx.db, { force: true });
    deliveriesQueued();
  }
  return { webhook_id: hook.id, count: ids.length, delivery_ids: ids.slice(0, LISTED_AT_MOST) };
}
