import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Role } from "@/lib/scopes";

/** One organization is one card program (docs/decisions-foundation.md, Tenancy and roles). */
export const organizations = pgTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A staff member's role: ROLES in lib/scopes.ts, with the scopes each grants. */
export type UserRole = Role;

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name"),
    role: text("role").$type<UserRole>().notNull(),
    passwordHash: text("password_hash").notNull(),
    /** AES-256-GCM ciphertext of the base32 TOTP secret; set at enrollment start. */
    totpSecretEnc: text("totp_secret_enc"),
    totpEnabled: boolean("totp_enabled").notNull().default(false),
    /** The last TOTP time step accepted: a code of this step or earlier is a replay. */
    totpLastStep: integer("totp_last_step"),
    totpFailures: integer("totp_failures").notNull().default(0),
    totpFailureWindowStart: timestamp("totp_failure_window_start", { withTimezone: true }),
    totpLockedUntil: timestamp("totp_locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** Set when an admin deactivates the user: no sign-in, no session, no token from then on. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), index("users_org_idx").on(t.orgId)],
);

/**
 * Bearer tokens. Only the SHA-256 of the token is stored. kind "user" is a dashboard user's
 * 1 h access token; the API credentials issue adds kind "api" (minted from a key).
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    kind: text("kind").$type<"user" | "api">().notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("access_tokens_hash_key").on(t.tokenHash),
    index("access_tokens_expiry_idx").on(t.expiresAt),
  ],
);

/**
 * The first sign-in step (password checked) hands out a ticket; the second step (TOTP, when
 * enabled) redeems it through next-auth. Single use, 5 minutes, stored hashed.
 */
export const signInTickets = pgTable("sign_in_tickets", {
  id: text("id").primaryKey(),
  ticketHash: text("ticket_hash").notNull().unique(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A dashboard session's 2FA step-up: a good code unlocks guarded actions for 5 minutes. */
export const stepUps = pgTable("step_ups", {
  sessionId: text("session_id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
});
