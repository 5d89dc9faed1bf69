import { eq, sql } from "drizzle-orm";
import { type SecureTheme, secureThemeSchema, validThemeFields } from "@/lib/contracts/cards";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardProgramSettings } from "@/server/db/schema/cards";
import { recordAudit } from "@/server/platform/audit";

/**
 * The program's theme of the hosted secure page (Settings -> Card PIN; docs/card-program.md, PIN rule 5).
 * Every value ends up inside the secure page's CSS, so only values secureThemeSchema accepts are
 * ever stored or handed out.
 */

/**
 * The organization's theme; an empty object when none was saved. No access check: callers are the view-token
 * flow and the checked functions below.
 */
export async function getSecureTheme(db: Db, orgId: string): Promise<SecureTheme> {
  const [row] = await db
    .select({ theme: cardProgramSettings.secureTheme })
    .from(cardProgramSettings)
    .where(eq(cardProgramSettings.orgId, orgId));
  return validThemeFields(row?.theme);
}

/** GET .../settings/secure-theme: read scope, not for cardholders. */
export async function readSecureTheme({ ctx }: { ctx: Ctx }): Promise<SecureTheme> {
  authorize(ctx, "readSecureTheme");
  return getSecureTheme(ctx.db, ctx.orgId);
}

/**
 * Replaces the whole theme (a field left out goes back to the page's default). Settings are an
 * admin's (docs/team.md, Roles) and the write scope's (docs/api-scopes.md): a dashboard user or
 * user token must be an admin, an API key needs write.
 */
export async function updateSecureTheme({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: SecureTheme;
}): Promise<SecureTheme> {
  authorize(ctx, "updateSecureTheme");
  if (ctx.actor.type === "user" && ctx.actor.role !== "admin") {
    throw new ServiceError("FORBIDDEN_ROLE", "Changing the card program's settings needs the admin role.");
  }
  const parsed = secureThemeSchema.safeParse(input);
  if (!parsed.success) {
    throw new ServiceError("VALIDATION_ERROR", "The theme has invalid values.", {
      details: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  // Drop empty strings the schema let through as optional values (none today, but cheap).
  const theme = validThemeFields(parsed.data);
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(cardProgramSettings)
      .values({ orgId: ctx.orgId, secureTheme: theme })
      .onConflictDoUpdate({
        target: cardProgramSettings.orgId,
        set: { secureTheme: theme, updatedAt: sql`now()` },
      });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "card_settings.secure_theme_updated",
        targetType: "card_program",
        targetId: ctx.orgId,
        detail: { theme },
      },
    );
    return theme;
  });
}
