import { jsonb } from "drizzle-orm/pg-core";

/**
 * The program's own key/value strings on a card customer, a card and a card transaction
 * (lib/contracts/metadata.ts states the limits). Filtered with `metadata @> {"key": "value"}`,
 * which a GIN index with jsonb_path_ops answers on each table.
 */
export const metadataColumn = () => jsonb("metadata").$type<Record<string, string>>().notNull().default({});
