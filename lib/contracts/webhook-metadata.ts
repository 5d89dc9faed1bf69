import { z } from "zod";

/**
 * The object's metadata in card.* and customer.* events (docs/metadata.md, Events): the card's (a
 * card event), the customer's (a customer event; card.spending_controls.updated at the customer
 * level), `{}` when none and on a program-wide change. Read in the transaction that raised the event.
 */
export const eventMetadataSchema = z
  .record(z.string(), z.string())
  .describe("The card's or customer's own key/value strings (docs/metadata.md); {} when none.");

/** Whether an event type carries its object's metadata. */
export const carriesObjectMetadata = (type: string): boolean =>
  type.startsWith("card.") || type.startsWith("customer.");

const EXAMPLE_METADATA = { order_ref: "A-1042" };

/** The catalog's examples with `metadata` on every card.* and customer.* event. */
export function withExampleMetadata<T extends { type: string; example: Record<string, unknown> }>(
  types: readonly T[],
): readonly T[] {
  return types.map((info) =>
    carriesObjectMetadata(info.type)
      ? { ...info, example: { ...info.example, metadata: EXAMPLE_METADATA } }
      : info,
  );
}
