import { and, eq } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardDisputes } from "@/server/db/schema/disputes";
import type { DisputeRow } from "./view";

/** A dispute of the caller's organization (another organization's is 404, like a missing one). */
export async function findDisputeInOrg(ctx: Ctx, disputeId: string, db: Db = ctx.db): Promise<DisputeRow> {
  const [row] = await db
    .select()
    .from(cardDisputes)
    .where(and(eq(cardDisputes.id, disputeId), eq(cardDisputes.orgId, ctx.orgId)));
  if (!row) throw new ServiceError("NOT_FOUND", "No dispute with this id.");
  return row;
}
