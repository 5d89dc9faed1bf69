import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { spendingControls } from "@/server/db/schema/controls";

/**
 * A replacement card takes the replaced card's own spending controls (limits, category and country
 * lists; docs/card-replacement.md), in the replacement's transaction. The customer's and the
 * program's controls need nothing: they apply to every card of the customer already. The spend
 * counters start afresh, as for any new card.
 */
export async function carryCardControls(
  tx: Db,
  input: { orgId: string; fromCardId: string; toCardId: string },
): Promise<void> {
  const [row] = await tx
    .select()
    .from(spendingControls)
    .where(
      and(
        eq(spendingControls.orgId, input.orgId),
        eq(spendingControls.level, "card"),
        eq(spendingControls.targetId, input.fromCardId),
      ),
    );
  if (!row) return;
  await tx
    .insert(spendingControls)
    .values({ orgId: input.orgId, level: "card", targetId: input.toCardId, controls: row.controls })
    .onConflictDoUpdate({
      target: [spendingControls.orgId, spendingControls.level, spendingControls.targetId],
      set: { controls: row.controls, updatedAt: sql`now()` },
    });
}
