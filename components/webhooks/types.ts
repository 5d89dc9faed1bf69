import type { Action } from "@/lib/action-result";
import type { WebhookDeliveryView } from "@/lib/contracts/webhook-deliveries";
import type {
  CreatedWebhook,
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookView,
} from "@/lib/contracts/webhooks";

type ById = { webhookId: string };
type SecretOf = { webhook_id: string; secret: string };

/** The server actions of server/actions/webhooks.ts, handed down by the pages as props. */
export interface WebhookActions {
  create: Action<CreateWebhookInput & { enabled?: boolean }, CreatedWebhook & { enabled: boolean }>;
  update: Action<UpdateWebhookInput & ById, WebhookView>;
  remove: Action<ById, { webhook_id: string; deleted: true }>;
  rotate: Action<
    ById & { grace_period_hours?: number },
    SecretOf & { previous_secret_expires_at: string | null }
  >;
  endGrace: Action<ById, { webhook_id: string; previous_secret_expires_at: string | null }>;
  reveal: Action<ById, SecretOf>;
  sendTest: Action<ById, WebhookDeliveryView>;
}

export type RetryAction = Action<{ deliveryId: string }, WebhookDeliveryView>;
