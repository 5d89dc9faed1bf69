import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations, type UserRole, users } from "./identity";

/**
 * An invitation to join an organization (docs/team.md). Only the SHA-256 of the link's token is
 * stored; the TOTP secret the invitee enrols on acceptance is made with the invitation.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<UserRole>().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** AES-256-GCM ciphertext of the base32 TOTP secret shown on the acceptance page. */
    totpSecretEnc: text("totp_secret_enc").notNull(),
    invitedBy: text("invited_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: text("accepted_user_id"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invitations_token_key").on(t.tokenHash), index("invitations_org_idx").on(t.orgId)],
);

/**
 * A dashboard session (the next-auth JWT carries its id). Checked on every request, so revoking
 * it (sign out everywhere, deactivation) signs the browser out on its next click.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orgId: text("org_id").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);

/** Organization-wide security settings; no row means the defaults. */
export const orgSecuritySettings = pgTable("org_security_settings", {
  orgId: text("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  /** Every member must have 2FA: members without it are sent to enrol before anything else. */
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
