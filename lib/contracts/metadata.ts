import { z } from "@hono/zod-openapi";

/**
 * `metadata`: the program's own strings on a card customer, a card and a card transaction
 * (Stripe-style; docs/metadata.md). Returned on every object that carries it and in its events,
 * filterable in the lists by one key/value (`metadata[key]=value`).
 */
export const METADATA_MAX_KEYS = 50;
export const METADATA_MAX_KEY_LENGTH = 40;
export const METADATA_MAX_VALUE_LENGTH = 500;

export type Metadata = Record<string, string>;

const KEY_MESSAGE = `a metadata key is 1 to ${METADATA_MAX_KEY_LENGTH} characters`;
const VALUE_MESSAGE = `a metadata value is a string of at most ${METADATA_MAX_VALUE_LENGTH} characters`;

const metadataValue = z
  .string({ error: "a metadata value is a string (numbers and booleans too are sent as strings)" })
  .max(METADATA_MAX_VALUE_LENGTH, VALUE_MESSAGE);

/** The key limits, checked here rather than by a key schema so the message names the key. */
function checkKeys(value: Record<string, string>, ctx: z.RefinementCtx): void {
  const keys = Object.keys(value);
  if (keys.length > METADATA_MAX_KEYS)
    ctx.addIssue({
      code: "custom",
      message: `metadata holds at most ${METADATA_MAX_KEYS} keys (got ${keys.length})`,
    });
  for (const key of keys)
    if (key.length < 1 || key.length > METADATA_MAX_KEY_LENGTH)
      ctx.addIssue({ code: "custom", path: [key], message: `${KEY_MESSAGE} (got ${key.length})` });
}

/** Metadata as given on create: every key kept; an empty value is left out. */
export const metadataSchema = z
  .record(z.string(), metadataValue)
  .superRefine(checkKeys)
  .transform((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== "")))
  .describe(
    `Up to ${METADATA_MAX_KEYS} keys of up to ${METADATA_MAX_KEY_LENGTH} characters, each a string of up ` +
      `to ${METADATA_MAX_VALUE_LENGTH} characters.`,
  )
  .openapi({ type: "object", additionalProperties: { type: "string" }, example: { order_ref: "A-1042" } });

/** The stored metadata as answered: always an object, {} when none was set. */
export const metadataOutSchema = z
  .record(z.string(), z.string())
  .describe("The program's own key/value strings on this object ({} when none).");

/**
 * The body of `POST .../metadata`: the keys given are set, a key set to "" is removed, the keys
 * not given are kept (Stripe's update). The result must still hold at most 50 keys.
 */
export const metadataUpdateSchema = z.object({
  metadata: z
    .record(z.string(), metadataValue)
    .superRefine(checkKeys)
    .describe('The keys to set; a key set to "" is removed; keys not named are kept.')
    .openapi({ type: "object", additionalProperties: { type: "string" }, example: { order_ref: "" } }),
});
export type MetadataUpdate = z.infer<typeof metadataUpdateSchema>;

/** The object's metadata after an update. */
export const metadataResultSchema = z.object({ metadata: metadataOutSchema });

/**
 * The lists' filter `metadata[key]=value` (OpenAPI deepObject): exactly one key, matched exactly
 * (the REST kit folds the bracketed names into one object: server/http/parse-request.ts).
 */
export const metadataFilterSchema = z
  .record(z.string(), metadataValue.min(1, "a metadata filter needs a value"))
  .superRefine(checkKeys)
  .refine((value) => Object.keys(value).length === 1, {
    message: "filter by one metadata key at a time: metadata[key]=value",
  })
  .optional()
  .describe("metadata[key]=value: only the objects whose metadata has this key with this value.")
  .openapi({
    type: "object",
    additionalProperties: { type: "string" },
    param: { style: "deepObject", explode: true },
  });

/** Applies an update to stored metadata: "" removes a key; returns null when over the key limit. */
export function mergeMetadata(current: Metadata, update: Metadata): Metadata | null {
  const next: Metadata = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === "") delete next[key];
    else next[key] = value;
  }
  return Object.keys(next).length > METADATA_MAX_KEYS ? null : next;
}

/** The one key/value pair of a parsed filter, or null without one. */
export function metadataFilterPair(filter: Metadata | undefined): Metadata | null {
  if (!filter) return null;
  const [entry] = Object.entries(filter);
  return entry ? { [entry[0]]: entry[1] } : null;
}
