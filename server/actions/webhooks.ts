"use server";

import { z } from "zod";
import { exampleEventSchema } from "@/lib/contracts/webhook-backfill";
import {
  deliveryParamsSchema,
  replayDeliveriesInputSchema,
  webhookParamsSchema,
} from "@/lib/contracts/webhook-deliveries";
import { rotateWebhookSecretSchema } from "@/lib/contracts/webhook-rotation";
import { createWebhookSchema, updateWebhookSchema } from "@/lib/contracts/webhooks";
import { defineAction } from "@/server/action-kit/define-action";
import { backfillEvents, sendExampleEvent } from "@/server/webhooks/backfill";
import { replayFailedDeliveries, retryDelivery, sendTestEvent } from "@/server/webhooks/deliveries";
import { createWebhook, deleteWebhook, getWebhook, updateWebhook } from "@/server/webhooks/manage";
import { endWebhookSecretGrace, rotateWebhookSecret } from "@/server/webhooks/rotation";

/*
 * Developers -> Webhooks. Admins only (docs/team.md, Roles; the services also need the `webhooks`
 * scope, which only the admin role has). No 2FA but for rotating the secret and ending its grace
 * window (the permission table's stepUp), which can cut a receiver off; the guard covers key
 * management and the money and card actions (docs/decisions-foundation.md, API keys and
 * two-factor codes).
 */

/** Create, and with enabled: false switch it off at once (the create contract has no enabled field). */
export const createWebhookAction = defineAction(
  {
    input: createWebhookSchema.extend({ enabled: z.boolean().default(true) }),
    can: "createWebhook",
    name: "createWebhook",
  },
  async ({ ctx, input }) => {
    const { enabled, ...create } = input;
    const created = await createWebhook({ ctx, input: create });
    if (!enabled) await updateWebhook({ ctx, input: { webhookId: created.webhook_id, enabled: false } });
    return { ...created, enabled };
  },
);

export const updateWebhookAction = defineAction(
  {
    input: z.intersection(updateWebhookSchema, webhookParamsSchema),
    can: "updateWebhook",
    name: "updateWebhook",
  },
  async ({ ctx, input }) => updateWebhook({ ctx, input }),
);

export const deleteWebhookAction = defineAction(
  { input: webhookParamsSchema, can: "deleteWebhook", name: "deleteWebhook" },
  async ({ ctx, input }) => deleteWebhook({ ctx, input }),
);

/** Step-up (the table): the kit asks for the session's 5-minute window. */
export const rotateWebhookSecretAction = defineAction(
  {
    input: z.intersection(webhookParamsSchema, rotateWebhookSecretSchema.omit({ two_factor_token: true })),
    can: "rotateWebhookSecret",
    name: "rotateWebhookSecret",
  },
  async ({ ctx, input }) => {
    const hook = await rotateWebhookSecret({ ctx, input });
    return {
      webhook_id: hook.webhook_id,
      secret: hook.secret ?? "",
      previous_secret_expires_at: hook.previous_secret_expires_at,
    };
  },
);

export const endWebhookSecretGraceAction = defineAction(
  { input: webhookParamsSchema, can: "endWebhookSecretGrace", name: "endWebhookSecretGrace" },
  async ({ ctx, input }) => {
    const hook = await endWebhookSecretGrace({ ctx, input });
    return { webhook_id: hook.webhook_id, previous_secret_expires_at: hook.previous_secret_expires_at };
  },
);

/** The secret on request only, so it is not in the page's HTML. */
export const revealWebhookSecretAction = defineAction(
  { input: webhookParamsSchema, can: "getWebhook", name: "revealWebhookSecret" },
  async ({ ctx, input }) => {
    const hook = await getWebhook({ ctx, input });
    return { webhook_id: hook.webhook_id, secret: hook.secret ?? "" };
  },
);

export const sendTestEventAction = defineAction(
  { input: webhookParamsSchema, can: "sendTestEvent", name: "sendWebhookTestEvent" },
  async ({ ctx, input }) => sendTestEvent({ ctx, input }),
);

export const retryDeliveryAction = defineAction(
  { input: deliveryParamsSchema, can: "retryDelivery", name: "retryWebhookDelivery" },
  async ({ ctx, input }) => retryDelivery({ ctx, input }),
);

/** Bulk replay of the webhook's failed deliveries created in [from, to) (the REST route's service). */
export const replayDeliveriesAction = defineAction(
  {
    input: replayDeliveriesInputSchema,
    can: "replayFailedDeliveries",
    name: "replayWebhookDeliveries",
  },
  async ({ ctx, input }) => replayFailedDeliveries({ ctx, input }),
);

/** Events of [from, to) the webhook never had (the REST route's service); the dates as the inputs give them. */
export const backfillEventsAction = defineAction(
  {
    input: z.intersection(
      webhookParamsSchema,
      z.object({ from: z.string().max(40), to: z.string().max(40) }),
    ),
    can: "backfillEvents",
    name: "backfillWebhookEvents",
  },
  async ({ ctx, input }) => backfillEvents({ ctx, input }),
);

export const sendExampleEventAction = defineAction(
  {
    input: z.intersection(webhookParamsSchema, exampleEventSchema),
    can: "sendExampleEvent",
    name: "sendWebhookExampleEvent",
  },
  async ({ ctx, input }) => sendExampleEvent({ ctx, input }),
);
