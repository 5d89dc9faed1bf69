import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { type Metadata, metadataFilterPair } from "@/lib/contracts/metadata";

/**
 * The lists' `metadata[key]=value` filter: jsonb containment, which each table's GIN
 * (metadata jsonb_path_ops) index answers (migration 0028). Undefined without a filter.
 */
export function metadataMatches(column: AnyColumn, filter: Metadata | undefined): SQL | undefined {
  const pair = metadataFilterPair(filter);
  return pair ? sql`${column} @> ${JSON.stringify(pair)}::jsonb` : undefined;
}
