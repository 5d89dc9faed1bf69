import { sql } from "drizzle-orm";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { programControlSettings } from "@/server/db/schema/controls";
import { recordAudit } from "@/server/platform/audit";
import { programTimeZone } from "./load";

/**
 * The program's time zone (docs/spending-controls.md, Windows and time zones): an IANA zone,
 * UTC until set. Changing it moves where the next windows start; windows already counted stay.
 */
export async function getControlsTimeZone({ ctx }: { ctx: Ctx }): Promise<{ time_zone: string }> {
  authorize(ctx, "getControlsTimeZone");
  return { time_zone: await programTimeZone(ctx.db, ctx.orgId) };
}

export async function setControlsTimeZone({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { time_zone: string };
}): Promise<{ time_zone: string }> {
  authorize(ctx, "setControlsTimeZone");
  return ctx.db.transaction(async (tx) => {
    const before = await programTimeZone(tx, ctx.orgId);
    await tx
      .insert(programControlSettings)
      .values({ orgId: ctx.orgId, timeZone: input.time_zone })
      .onConflictDoUpdate({
        target: programControlSettings.orgId,
        set: { timeZone: input.time_zone, updatedAt: sql`now()` },
      });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "card_settings.time_zone_updated",
        targetType: "card_program",
        targetId: ctx.orgId,
        before: { time_zone: before },
        after: { time_zone: input.time_zone },
      },
    );
    return { time_zone: input.time_zone };
  });
}
