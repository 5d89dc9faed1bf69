import { and, desc, eq, sql } from "drizzle-orm";
import {
  type CreatedWebhook,
  type CreateWebhookInput,
  createWebhookSchema,
  type UpdateWebhookInput,
  updateWebhookSchema,
  type WebhookView,
} from "@/lib/contracts/webhooks";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { webhookSubscriptions } from "@/server/db/schema/webhooks";
import { emitEvent } from "@/server/events/outbox";
import { recordAudit } from "@/server/platform/audit";
import { disabledData, WEBHOOK_DISABLED } from "./operational-events";
import { newWebhookId, newWebhookSecret, sealWebhookSecret } from "./secret";
import { registrableUrl } from "./url-safety";
import { type SubscriptionRow, webhookView } from "./view";
import { deliveriesQueued } from "./wake";

/** Another organization's webhook is "not found", never "forbidden": it must not learn the id exists. */
export async function findWebhook(ctx: Ctx, webhookId: string): Promise<SubscriptionRow> {
  const [row] = await ctx.db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, webhookId), eq(webhookSubscriptions.orgId, ctx.orgId)));
  if (!row) throw new ServiceError("NOT_FOUND", "No webhook with this id.");
  return row;
}

export async function createWebhook({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CreateWebhookInput;
}): Promise<CreatedWebhook> {
  authorize(ctx, "createWebhook");
  const parsed = createWebhookSchema.parse(input);
  const { url, warnings } = await registrableUrl(parsed.url);
  const secret = newWebhookSecret();
  const id = newWebhookId();
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookSubscriptions)
      .values({
        id,
        orgId: ctx.orgId,
        url,
        events: parsed.events,
        description: parsed.description,
        standardWebhooks: parsed.standard_webhooks,
        secretSealed: sealWebhookSecret(secret),
      })
      .returning();
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "webhook.created",
        targetType: "webhook",
        targetId: id,
        detail: { url, events: parsed.events, standard_webhooks: parsed.standard_webhooks },
      },
    );
    return created!;
  });
  return {
    webhook_id: row.id,
    url: row.url,
    events: row.events,
    secret,
    created_at: row.createdAt.toISOString(),
    ...(warnings.length ? { warnings } : {}),
  };
}

export async function listWebhooks({ ctx }: { ctx: Ctx }): Promise<{ webhooks: WebhookView[] }> {
  authorize(ctx, "listWebhooks");
  const rows = await ctx.db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.orgId, ctx.orgId))
    .orderBy(desc(webhookSubscriptions.createdAt));
  return { webhooks: rows.map((r) => webhookView(r)) };
}

export async function getWebhook({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { webhookId: string };
}): Promise<WebhookView> {
  authorize(ctx, "getWebhook");
  return webhookView(await findWebhook(ctx, input.webhookId), { withSecret: true });
}

/**
 * enabled: true re-enables a disabled subscription and resets its failure count; false disables it by hand.
 */
export async function updateWebhook({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { webhookId: string } & UpdateWebhookInput;
}): Promise<WebhookView> {
  authorize(ctx, "updateWebhook");
  const { webhookId, ...rest } = input;
  const patch = updateWebhookSchema.parse(rest);
  await findWebhook(ctx, webhookId);
  const checked = patch.url === undefined ? undefined : await registrableUrl(patch.url);
  const url = checked?.url;
  const row = await ctx.db.transaction(async (tx) => {
    // Locked first: whether this call disables it (the event's once), against a worker's auto-disable.
    const [before] = await tx
      .select({ enabled: webhookSubscriptions.enabled })
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.id, webhookId), eq(webhookSubscriptions.orgId, ctx.orgId)))
      .for("update");
    const [updated] = await tx
      .update(webhookSubscriptions)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(patch.events !== undefined ? { events: patch.events } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.standard_webhooks !== undefined ? { standardWebhooks: patch.standard_webhooks } : {}),
        ...(patch.enabled === true ? { enabled: true, consecutiveFailures: 0, disabledReason: null } : {}),
        ...(patch.enabled === false
          ? {
              enabled: false,
              disabledReason: sql`coalesce(${webhookSubscriptions.disabledReason}, 'Disabled by a user.')`,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookSubscriptions.id, webhookId), eq(webhookSubscriptions.orgId, ctx.orgId)))
      .returning();
    if (!updated) throw new ServiceError("NOT_FOUND", "No webhook with this id.");
    // Disabled by hand: the event too (no e-mail: the person who did it knows), so other systems hear it.
    if (patch.enabled === false && before?.enabled)
      await emitEvent(tx, {
        orgId: ctx.orgId,
        type: WEBHOOK_DISABLED,
        data: disabledData(
          {
            webhook_id: updated.id,
            url: updated.url,
            reason: updated.disabledReason,
            consecutive_failures: updated.consecutiveFailures,
          },
          "user",
        ),
      });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "webhook.updated",
        targetType: "webhook",
        targetId: webhookId,
        detail: { ...patch, ...(url ? { url } : {}) },
      },
    );
    return updated;
  });
  // Its queue is due again: the pumps claim it now, not at their next look (5 s on the embedded database).
  if (patch.enabled === true) deliveriesQueued();
  const view = webhookView(row);
  return checked?.warnings.length ? { ...view, warnings: checked.warnings } : view;
}

/** Deletes the subscription and its delivery log; nothing more is sent to it. */
export async function deleteWebhook({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { webhookId: string };
}): Promise<{ webhook_id: string; deleted: true }> {
  authorize(ctx, "deleteWebhook");
  await ctx.db.transaction(async (tx) => {
    // Attempts have no foreign key to their (partitioned) deliveries: removed here, with them.
    await tx.execute(
      sql`delete from webhook_delivery_attempts where delivery_id in (select id from webhook_deliveries
        where webhook_id = ${input.webhookId} and org_id = ${ctx.orgId})`,
    );
    const [gone] = await tx
      .delete(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.id, input.webhookId), eq(webhookSubscriptions.orgId, ctx.orgId)))
      .returning({ id: webhookSubscriptions.id, url: webhookSubscriptions.url });
    if (!gone) throw new ServiceError("NOT_FOUND", "No webhook with this id.");
    await recordAudit(
      { ...ctx, db: tx },
      { action: "webhook.deleted", targetType: "webhook", targetId: gone.id, detail: { url: gone.url } },
    );
  });
  return { webhook_id: input.webhookId, deleted: true };
}
