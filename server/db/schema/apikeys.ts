import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Scope } from "@/lib/scopes";
import { organizations, users } from "./identity";

/**
 * API credentials. Only the SHA-256 of the secret is stored.
 * secret_generation counts rotations: a token minted from an older generation stops working.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The public half, `pk_test_` / `pk_live_` + 24 base62. */
    apiKey: text("api_key").notNull(),
    secretHash: text("secret_hash").notNull(),
    secretGeneration: integer("secret_generation").notNull().default(1),
    permissions: text("permissions").array().$type<Scope[]>().notNull(),
    status: text("status").$type<"active" | "revoked">().notNull().default("active"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Written at most once a minute per key (not per request). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
  },
  (t) => [
    uniqueIndex("api_keys_api_key_key").on(t.apiKey),
    index("api_keys_org_idx").on(t.orgId, t.createdAt),
  ],
);

/** Bearer tokens minted by POST /api/apikey/token (900 s). Stored as SHA-256; at most a few per key. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    keyId: text("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    secretGeneration: integer("secret_generation").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("api_tokens_hash_key").on(t.tokenHash),
    index("api_tokens_expiry_idx").on(t.expiresAt),
    // A key's tokens, newest first: the exchange keeps at most MAX_TOKENS_PER_KEY of them.
    index("api_tokens_key_idx").on(t.keyId, t.createdAt),
  ],
);
