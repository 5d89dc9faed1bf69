import type { Db } from "@/server/db/client";
import type { CountedWindow } from "@/server/db/schema/controls";
import { moveCounters } from "./counters";

/**
 * What a later step of an authorization does to the windows it counted in (its
 * card_transactions.control_windows): a reversal, an expiry or a failure gives the amount back (and
 * the purchase, once the whole authorization ends), a refund gives its amount back, a settlement of
 * another amount than authorized counts the difference (docs/spending-controls.md, Counters).
 * Called before the balance change, as the authorization locks its counters before its hold: one
 * lock order (counters, then the balance), so the two never wait on each other in a cycle.
 */
export async function adjustCountedWindows(
  tx: Db,
  row: { orgId: string; controlWindows: CountedWindow[] | null },
  amountMinor: number,
  count: number,
): Promise<void> {
  if (!row.controlWindows?.length) return;
  await moveCounters(tx, row.orgId, row.controlWindows, amountMinor, count);
}
