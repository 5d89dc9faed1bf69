import { z } from "zod";
import { eventPayloadSchema } from "@/lib/contracts/webhook-event-payloads";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per type of the event catalog
 * (lib/contracts/webhooks.ts), each the POST a subscription receives, its body the event envelope
 * (server/events/outbox.ts EventEnvelope) with that type's payload (lib/contracts/webhook-event-payloads.ts).
 * The schemas go to components as `<Type>Event` and `<Type>EventData` (card.frozen: CardFrozenEvent),
 * so a generated client can name them; `WebhookEvent` is their union, keyed by `type`.
 */

type Json = Record<string, unknown>;

/** card.spending_controls.updated -> CardSpendingControlsUpdated */
export function eventSchemaName(type: string): string {
  return type
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
}

/** A catalog type without a schema of its own (added before its payload was written): its example's shape. */
function shapeOfExample(value: unknown): Json {
  if (value === null) return { type: "null" };
  if (Array.isArray(value)) return { type: "array", items: value.length ? shapeOfExample(value[0]) : {} };
  if (typeof value === "object") {
    const entries = Object.entries(value as Json);
    return {
      type: "object",
      properties: Object.fromEntries(entries.map(([k, v]) => [k, shapeOfExample(v)])),
      required: entries.map(([k]) => k),
    };
  }
  if (typeof value === "number") return { type: Number.isInteger(value) ? "integer" : "number" };
  return { type: typeof value };
}

function jsonSchemaOf(schema: z.ZodType): Json {
  const { $schema: _drop, ...out } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "output",
    unrepresentable: "any",
  }) as Json;
  return out;
}

const HEADERS: [name: string, required: boolean, description: string][] = [
  ["X-Svc-Event", true, "The event type."],
  ["X-Svc-Delivery-Id", true, "The delivery's id: the same on every attempt of it."],
  ["X-Svc-Timestamp", true, "Unix seconds of this attempt; refuse one more than 300 s away from your clock."],
  [
    "X-Svc-Signature",
    true,
    'sha256=<hex HMAC-SHA256 of "timestamp.body"> keyed with the newest secret (lib/webhooks/verify.ts).',
  ],
  [
    "X-Svc-Signature-Previous",
    false,
    "During a secret rotation's grace window: the same, keyed with the old secret (docs/webhooks.md).",
  ],
  ["webhook-id", false, "Standard Webhooks (opt-in per subscription): the delivery id."],
  ["webhook-timestamp", false, "Standard Webhooks: the same Unix seconds as X-Svc-Timestamp."],
  [
    "webhook-signature",
    false,
    'Standard Webhooks: v1,<base64 HMAC-SHA256 of "id.timestamp.body">, space-separated.',
  ],
];

export const WEBHOOK_SECURITY_SCHEME = {
  webhookSignature: {
    type: "apiKey",
    in: "header",
    name: "X-Svc-Signature",
    description:
      "Not a credential you send: every delivery is signed with the subscription's secret, and the receiver " +
      "checks X-Svc-Signature (or X-Svc-Signature-Previous) before trusting the body (docs/sdk.md).",
  },
} as const;

/** `webhooks` and the component schemas it refers to. */
export function webhooksDocument(): { webhooks: Json; schemas: Json } {
  const webhooks: Json = {};
  const schemas: Json = {};
  const names: string[] = [];
  for (const info of WEBHOOK_EVENT_TYPES) {
    const name = eventSchemaName(info.type);
    const payload = eventPayloadSchema(info.type);
    schemas[`${name}EventData`] = {
      ...(payload ? jsonSchemaOf(payload) : shapeOfExample(info.example)),
      examples: [info.example],
    };
    schemas[`${name}Event`] = {
      type: "object",
      description: info.description,
      properties: {
        id: {
          type: "string",
          description: "evt_...: the same in every delivery of the event; de-duplicate by it.",
        },
        type: { type: "string", const: info.type },
        created_at: { type: "string", description: "ISO 8601, when the change committed." },
        object_id: { type: ["string", "null"], description: "The object the event is about." },
        sequence: {
          type: ["integer", "null"],
          description: "1, 2, 3, ... per object: drop an event whose sequence is not above the last applied.",
        },
        example: { type: "boolean", description: "Only on a 'send an example' delivery: true." },
        data: { $ref: `#/components/schemas/${name}EventData` },
      },
      required: ["id", "type", "created_at", "object_id", "sequence", "data"],
    };
    names.push(name);
    webhooks[info.type] = {
      post: {
        operationId: `on${name}`,
        summary: info.type,
        description: info.description,
        tags: ["Event payloads"],
        security: [{ webhookSignature: [] }],
        parameters: HEADERS.map(([header, required, description]) => ({
          name: header,
          in: "header",
          required,
          description,
          schema: { type: "string" },
        })),
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: `#/components/schemas/${name}Event` } } },
        },
        responses: {
          "200": { description: "Any 2xx within 30 s acknowledges the delivery." },
          "400": {
            description: "Any other answer (or none) fails the attempt; it is retried on the schedule.",
          },
        },
      },
    };
  }
  schemas.WebhookEvent = {
    description: "Any event a subscription can receive, by its `type`.",
    oneOf: names.map((n) => ({ $ref: `#/components/schemas/${n}Event` })),
    discriminator: {
      propertyName: "type",
      mapping: Object.fromEntries(
        WEBHOOK_EVENT_TYPES.map((t) => [t.type, `#/components/schemas/${eventSchemaName(t.type)}Event`]),
      ),
    },
  };
  return { webhooks, schemas };
}
