import { sql } from "drizzle-orm";
import { isIanaZone } from "@/lib/contracts/spending-controls";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { programControlSettings } from "@/server/db/schema/controls";
import { recordAudit } from "@/server/platform/audit";
import { programTimeZone } from "./load";

/**
 * The program's time zone (docs/spending-controls.md, Windows and time zones): an IANA zone,
 * UTC until set, one of the card program's settings (Settings -> Card program, and
 * GET/PUT /api/v1/svc-card/settings/time-zone). Changing it moves where the next windows start;
 * windows already counted stay.
 */
export async function getControlsTimeZone({ ctx }: { ctx: Ctx }): Promise<{ time_zone: string }> {
  authorize(ctx, "getControlsTimeZone");
  return { time_zone: await programTimeZone(ctx.db, ctx.orgId) };
}

/**
 * The zone's canonical spelling ("europe/berlin" is stored as Europe/Berlin), or a
 * VALIDATION_ERROR for a name the runtime's zone database does not know.
 */
export function canonicalTimeZone(zone: string): string {
  const trimmed = zone.trim();
  if (!trimmed || !isIanaZone(trimmed)) {
    const message = `"${zone}" is not an IANA time zone; use a name such as Europe/Berlin or UTC.`;
    throw new ServiceError("VALIDATION_ERROR", message, { details: [{ path: "time_zone", message }] });
  }
  return new Intl.DateTimeFormat("en", { timeZone: trimmed }).resolvedOptions().timeZone;
}

/** Sets the zone (an admin's, like the program's other settings); audited when it changes. */
export async function setControlsTimeZone({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { time_zone: string };
}): Promise<{ time_zone: string }> {
  authorize(ctx, "setControlsTimeZone");
  const timeZone = canonicalTimeZone(input.time_zone);
  return ctx.db.transaction(async (tx) => {
    const before = await programTimeZone(tx, ctx.orgId);
    if (before === timeZone) return { time_zone: timeZone };
    await tx
      .insert(programControlSettings)
      .values({ orgId: ctx.orgId, timeZone })
      .onConflictDoUpdate({
        target: programControlSettings.orgId,
        set: { timeZone, updatedAt: sql`now()` },
      });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "card_settings.time_zone_updated",
        targetType: "card_program",
        targetId: ctx.orgId,
        before: { time_zone: before },
        after: { time_zone: timeZone },
      },
    );
    return { time_zone: timeZone };
  });
}

/** The zones offered in the console's list: UTC first, then every zone the runtime knows. */
export function timeZoneChoices(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];
}
