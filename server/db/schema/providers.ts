import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { SecurePageTheme } from "./cards";
import { organizations } from "./identity";

/**
 * State of the sandbox simulators (server/providers/sandbox/). A real upstream keeps this on its
 * side; the simulators keep it here, apart from our own records, so that nothing in server/cards
 * reads it except through a port.
 */

/** The card provider's cards. Number, expiry, CVV and the PIN hash exist only here, sealed (AES-256-GCM). */
export const simCards = pgTable(
  "sim_cards",
  {
    cardToken: text("card_token").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Our card id, for the provider's inbound events. */
    externalRef: text("external_ref").notNull(),
    panSealed: text("pan_sealed").notNull(),
    expirySealed: text("expiry_sealed").notNull(),
    cvvSealed: text("cvv_sealed").notNull(),
    /**
     * scrypt hash of the PIN set on the secure page; before that, the hash of the random PIN the
     * provider gives a new card (docs/architecture.md, Providers).
     */
    pinHash: text("pin_hash").notNull(),
    pinChangedAt: timestamp("pin_changed_at", { withTimezone: true }),
    status: text("status").notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sim_cards_org_idx").on(t.orgId)],
);

/** Tokens of the hosted secure page: single use, 10 minutes, only their SHA-256 stored. */
export const simSecureViews = pgTable(
  "sim_secure_views",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    cardToken: text("card_token")
      .notNull()
      .references(() => simCards.cardToken, { onDelete: "cascade" }),
    /** pin_setup | pin_change | details_and_pin */
    view: text("view").$type<"pin_setup" | "pin_change" | "details_and_pin">().notNull(),
    theme: jsonb("theme").$type<SecurePageTheme>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The page was opened (the token is spent for any other opening). */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /** The form was submitted (a PIN set): nothing more may be done with it. */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sim_secure_views_token_key").on(t.tokenHash),
    index("sim_secure_views_expiry_idx").on(t.expiresAt),
  ],
);

/** The chain's account wallets (Safes). */
export const simSafes = pgTable(
  "sim_safes",
  {
    address: text("address").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Our customer id, for the inbound "deployed" event. */
    ownerRef: text("owner_ref").notNull(),
    tokenSymbol: text("token_symbol").notNull(),
    /** The provider's deploy status: processing, ok, failed. */
    deployStatus: text("deploy_status").$type<"processing" | "ok" | "failed">().notNull(),
    /** Integrity status code (0 Ok, 7 DelayQueueNotEmpty, ...). */
    accountStatus: integer("account_status").notNull().default(1),
    /** Token balance in the token's minor units of the card currency (cents). */
    balanceMinor: bigint("balance_minor", { mode: "number" }).notNull().default(0),
    readyAt: timestamp("ready_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sim_safes_owner_key").on(t.orgId, t.ownerRef)],
);

/** The KYC provider's applicants; the hosted KYC page is reached by link_token. */
export const simKycApplicants = pgTable(
  "sim_kyc_applicants",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Our customer id: one applicant per customer (decideApplicant finds or creates by it). */
    externalRef: text("external_ref").notNull(),
    /** Shown on the hosted KYC page. */
    email: text("email").notNull(),
    /**
     * Upstream statuses (docs/architecture.md, Providers): notStarted, documentsRequested, pending,
     * processing, requiresAction, resubmissionRequested, approved, rejected, expired.
     */
    status: text("status").notNull().default("notStarted"),
    /** ISO country picked on the page; decides the currency. */
    country: text("country"),
    linkTokenHash: text("link_token_hash").notNull(),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sim_kyc_applicants_link_key").on(t.linkTokenHash),
    uniqueIndex("sim_kyc_applicants_ref_key").on(t.orgId, t.externalRef),
  ],
);

/**
 * Sandbox email and SMS: nothing is sent; messages land here (the dev outbox). `staff_access` marks
 * mail that grants access to the console (an invitation link): the outbox shows it to admins only.
 */
export const devOutboxMessages = pgTable(
  "dev_outbox_messages",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    channel: text("channel").$type<"email" | "sms">().notNull(),
    to: text("to").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    staffAccess: boolean("staff_access").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dev_outbox_org_to_idx").on(t.orgId, t.to, t.createdAt),
    index("dev_outbox_org_created_idx").on(t.orgId, t.createdAt),
  ],
);
