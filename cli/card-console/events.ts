import type { EventPage, EventView } from "@/lib/contracts/events";
import type { WebhookDeliveryView } from "@/lib/contracts/webhook-deliveries";
import type { Client } from "./client";

/**
 * `events list|get|resend` and `webhooks test` (docs/cli.md): thin wrappers over the Events API
 * (docs/events.md) and the webhook management routes (docs/webhooks.md).
 */

type Out = (line: string) => void;

export function eventLine(e: EventView): string {
  const seq = e.sequence === null ? "" : `#${e.sequence}`;
  return `${e.created_at}  ${e.id}  ${e.type.padEnd(32)} ${e.object_id ?? "-"} ${seq}`.trimEnd();
}

export async function listEventsCommand(
  client: Client,
  opts: { type?: string; object?: string; limit?: string; json?: boolean },
  out: Out,
): Promise<void> {
  const types = opts.type?.includes(",") ? opts.type : undefined;
  const { data } = await client.get<EventPage>("/api/v1/events", {
    query: {
      type: types ? undefined : opts.type,
      types,
      object_id: opts.object,
      limit: opts.limit ?? 20,
    },
  });
  if (opts.json) return out(JSON.stringify(data, null, 2));
  if (data.events.length === 0) out("No events.");
  for (const e of data.events) out(eventLine(e));
  if (data.has_more) out(`More: --limit, or the Events API's starting_after=${data.events.at(-1)!.id}.`);
}

export async function getEventCommand(client: Client, id: string, out: Out): Promise<void> {
  const { data } = await client.get<EventView>(`/api/v1/events/${encodeURIComponent(id)}`);
  out(JSON.stringify(data, null, 2));
}

const WEBHOOKS = "/api/v1/svc-card/webhooks";

/**
 * Sends an event to a subscription again. When the subscription has a delivery of it, that
 * delivery is retried (the same delivery id and bytes); when it never had one (it was created
 * later, or its types left the event out then), the backfill route sends it, over the event's own
 * millisecond (docs/webhooks.md: backfill never delivers an event twice to one subscription).
 */
export async function resendEventCommand(
  client: Client,
  eventId: string,
  webhookId: string,
  out: Out,
): Promise<void> {
  const { data: event } = await client.get<EventView>(`/api/v1/events/${encodeURIComponent(eventId)}`);
  const from = new Date(event.created_at);
  const to = new Date(from.getTime() + 1);
  const hook = `${WEBHOOKS}/${encodeURIComponent(webhookId)}`;
  const { data } = await client.get<{ deliveries: WebhookDeliveryView[] }>(`${hook}/deliveries`, {
    query: { event_type: event.type, from: from.toISOString(), to: to.toISOString(), limit: 100 },
  });
  const delivery = data.deliveries.find((d) => d.event_id === event.id);
  if (delivery) {
    const { data: retried } = await client.post<WebhookDeliveryView>(
      `${WEBHOOKS}/deliveries/${encodeURIComponent(delivery.delivery_id)}/retry`,
    );
    out(
      `Retrying delivery ${retried.delivery_id} of ${event.id} to ${webhookId} now (status ${retried.status}).`,
    );
    return;
  }
  const { data: queued } = await client.post<{ queued: number }>(`${hook}/backfill`, {
    from: from.toISOString(),
    to: to.toISOString(),
  });
  out(
    queued.queued > 0
      ? `Queued ${event.id} for ${webhookId} (it never had a delivery of it).`
      : `Nothing queued: ${webhookId} does not take ${event.type} (its event types), so it gets no delivery of it.`,
  );
}

export async function testWebhookCommand(client: Client, webhookId: string, out: Out): Promise<void> {
  const { data } = await client.post<WebhookDeliveryView>(
    `${WEBHOOKS}/${encodeURIComponent(webhookId)}/test`,
  );
  out(`Queued a webhook.test event: delivery ${data.delivery_id}, event ${data.event_id} (${data.status}).`);
  out(`Follow it: GET ${WEBHOOKS}/deliveries/${data.delivery_id}, or the console's webhook page.`);
}
