import { eq } from "drizzle-orm";
import type { SecuritySettings } from "@/lib/contracts/team";
import { authorize } from "@/server/auth/authorize";
import { credentialsChanged } from "@/server/auth/credential-cache";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { orgSecuritySettings } from "@/server/db/schema/team";
import { recordAudit } from "@/server/platform/audit";

/** The organization's security settings; defaults when none were saved. No access check. */
export async function securitySettingsOf(db: Db, orgId: string): Promise<SecuritySettings> {
  const [row] = await db.select().from(orgSecuritySettings).where(eq(orgSecuritySettings.orgId, orgId));
  return { require_two_factor: row?.requireTwoFactor ?? false };
}

export async function getSecuritySettings({ ctx }: { ctx: Ctx }): Promise<SecuritySettings> {
  authorize(ctx, "getSecuritySettings");
  return securitySettingsOf(ctx.db, ctx.orgId);
}

/** "Require 2FA for every member": members without 2FA must enrol before anything else. */
export async function updateSecuritySettings({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: SecuritySettings;
}): Promise<SecuritySettings> {
  authorize(ctx, "updateSecuritySettings");
  const saved = await ctx.db.transaction(async (tx) => {
    const before = await securitySettingsOf(tx, ctx.orgId);
    await tx
      .insert(orgSecuritySettings)
      .values({ orgId: ctx.orgId, requireTwoFactor: input.require_two_factor })
      .onConflictDoUpdate({
        target: orgSecuritySettings.orgId,
        set: { requireTwoFactor: input.require_two_factor, updatedAt: new Date() },
      });
    const after = { require_two_factor: input.require_two_factor };
    if (before.require_two_factor !== after.require_two_factor)
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: "settings.security_updated",
          targetType: "organization",
          targetId: ctx.orgId,
          before,
          after,
        },
      );
    return after;
  });
  // Cached user tokens of members without 2FA must be looked at again (refused while it is on).
  credentialsChanged();
  return saved;
}
