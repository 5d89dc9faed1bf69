import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  CURRENCY_VALUES,
  type FlowStatus,
  type KycStatus,
  type ReplacementReason,
  type SafeState,
} from "@/lib/enums";
import { organizations } from "./identity";
import { metadataColumn } from "./metadata";

/**
 * The value lists of these columns (flow_status, kyc_status, safe_state, currency) are declared once
 * in lib/enums.ts, shared with the contracts and the browser. The wallet's safe_state is our record;
 * the chain simulator keeps its own.
 */
export type { FlowStatus, KycStatus, SafeState };
export const CARD_CURRENCIES = CURRENCY_VALUES;
export type CardCurrency = (typeof CARD_CURRENCIES)[number];

/**
 * A card customer (card account). `svc_card_id` is the canonical id the API speaks; `id` is the
 * database record id; `external_id` is the issuer's own reference. All three find a customer
 * in the issuer view.
 */
export const cardCustomers = pgTable(
  "card_customers",
  {
    id: text("id").primaryKey(),
    svcCardId: text("svc_card_id").notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Stored lower-cased: one card account per email per program. */
    email: text("email").notNull(),
    externalId: text("external_id"),
    /** own: onboarded through POST /v1/svc-card/onboarding; issuer: a B2B customer of the issuer. */
    origin: text("origin").$type<"own" | "issuer">().notNull(),
    step: integer("step").notNull().default(1),
    flowStatus: text("flow_status").$type<FlowStatus>().notNull().default("email_verification"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    kycStatus: text("kyc_status").$type<KycStatus>().notNull().default("pending"),
    /** The KYC provider's applicant id, once a link was requested. */
    kycApplicantId: text("kyc_applicant_id"),
    kycUpdatedAt: timestamp("kyc_updated_at", { withTimezone: true }),
    /** Assigned by identity verification (the applicant's region). */
    currency: text("currency").$type<CardCurrency>(),
    sourceOfFunds: jsonb("source_of_funds").$type<{ question: string; answer: string }[]>(),
    sourceOfFundsAt: timestamp("source_of_funds_at", { withTimezone: true }),
    /** E.164; set when a code is requested, verified when phone_verified_at is set. */
    phone: text("phone"),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    safeState: text("safe_state").$type<SafeState>().notNull().default("not_deployed"),
    safeAddress: text("safe_address"),
    safeRequestedAt: timestamp("safe_requested_at", { withTimezone: true }),
    safeDeployedAt: timestamp("safe_deployed_at", { withTimezone: true }),
    /**
     * The account wallet's integrity status: 0 Ok ... 8 UnexpectedError (docs/architecture.md,
     * Providers); null before deployment.
     */
    accountStatus: integer("account_status"),
    metadata: metadataColumn(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // What card_transactions' foreign key to its customer and organization refers to (./money.ts).
    unique("card_customers_id_org_key").on(t.id, t.orgId),
    uniqueIndex("card_customers_svc_card_id_key").on(t.svcCardId),
    uniqueIndex("card_customers_org_email_key").on(t.orgId, t.email),
    uniqueIndex("card_customers_org_external_id_key")
      .on(t.orgId, t.externalId)
      .where(sql`external_id is not null`),
    // The customers list: newest first, keyset on (created_at, id), optionally by status.
    index("card_customers_org_created_idx").on(t.orgId, t.createdAt, t.id),
    index("card_customers_org_kyc_idx").on(t.orgId, t.kycStatus, t.createdAt),
    index("card_customers_org_flow_idx").on(t.orgId, t.flowStatus, t.createdAt),
    // The list's email-prefix search (LIKE 'abc%'): text_pattern_ops compares bytes, so the prefix
    // can use the index under any database collation (the unique index above only can under C).
    index("card_customers_org_email_prefix_idx").on(t.orgId, t.email.op("text_pattern_ops")),
    // Any fragment of an email or external id (LIKE '%hopper%', server/db/customer-match.ts):
    // pg_trgm's trigram index, created by migration 0019 (PGlite loads the extension in client.ts).
    index("card_customers_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("card_customers_external_id_trgm_idx").using("gin", t.externalId.op("gin_trgm_ops")),
    index("card_customers_metadata_idx").using("gin", t.metadata.op("jsonb_path_ops")),
  ],
);

export const CARD_STATUSES = ["active", "frozen", "blocked", "lost", "stolen", "voided"] as const;
/**
 * `stolen` is kept as its own state for the event and is_stolen; the interface reports it as voided (stolen =
 * permanently voided).
 */
export type CardStatus = (typeof CARD_STATUSES)[number];

/**
 * A card account. card_token is the provider's id for it (used by transactions, webhooks and the secure
 * page).
 */
export const cards = pgTable(
  "cards",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => cardCustomers.id, { onDelete: "cascade" }),
    cardToken: text("card_token").notNull(),
    lastFour: text("last_four").notNull(),
    cardType: text("card_type").$type<"virtual" | "physical">().notNull(),
    /** The card account's currency, the customer's at issue (kept here for the list's currency filter). */
    currency: text("currency").$type<CardCurrency>().notNull(),
    status: text("status").$type<CardStatus>().notNull(),
    pinSet: boolean("pin_set").notNull().default(false),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    frozenAt: timestamp("frozen_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    lostAt: timestamp("lost_at", { withTimezone: true }),
    stolenAt: timestamp("stolen_at", { withTimezone: true }),
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    /** The provider's expiry (month 1-12, four-digit year); the card is valid to that month's end. */
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    /** The card this one replaces, and why (server/cards/replacement/). */
    replacementFor: text("replacement_for"),
    replacementReason: text("replacement_reason").$type<ReplacementReason>(),
    /** The card that replaced this one: a card is replaced at most once. */
    replacedBy: text("replaced_by"),
    /** When card.expiring was raised for this card (once per card; server/cards/expiry/). */
    expiringNotifiedAt: timestamp("expiring_notified_at", { withTimezone: true }),
    metadata: metadataColumn(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cards_card_token_key").on(t.cardToken),
    // One replacement per card, enforced by the database as well as by the rule.
    uniqueIndex("cards_replacement_for_key")
      .on(t.replacementFor)
      .where(sql`replacement_for is not null`),
    // The daily renewal job: cards not yet replaced, by expiry, across organizations.
    index("cards_expiry_idx")
      .on(t.expYear, t.expMonth)
      .where(sql`replaced_by is null`),
    index("cards_customer_idx").on(t.customerId, t.createdAt),
    index("cards_org_idx").on(t.orgId, t.createdAt),
    // The Cards page (server/cards/lifecycle/list.ts): newest first overall, by status, by type,
    // by currency; and the search by last four (also the global search).
    index("cards_org_list_idx").on(t.orgId, t.createdAt, t.id),
    index("cards_org_status_idx").on(t.orgId, t.status, t.createdAt, t.id),
    index("cards_org_type_idx").on(t.orgId, t.cardType, t.createdAt, t.id),
    index("cards_org_currency_idx").on(t.orgId, t.currency, t.createdAt, t.id),
    index("cards_org_last_four_idx").on(t.orgId, t.lastFour),
    index("cards_metadata_idx").using("gin", t.metadata.op("jsonb_path_ops")),
  ],
);

/**
 * Exact totals of the Cards page without counting rows: how many cards an organization has per
 * status, type and currency, kept on write in the transaction of the card's change
 * (server/cards/lifecycle/card-counts.ts).
 */
export const cardCounts = pgTable(
  "card_counts",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    status: text("status").$type<CardStatus>().notNull(),
    cardType: text("card_type").$type<"virtual" | "physical">().notNull(),
    currency: text("currency").$type<CardCurrency>().notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.status, t.cardType, t.currency] })],
);

export const ONE_TIME_CODE_PURPOSES = [
  "email_verification",
  "phone_verification",
  "cardholder_sign_in",
] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

/**
 * 6-digit codes sent by email or SMS (10 minutes, 5 tries). Only a hash is kept. A new code for
 * the same customer and purpose replaces the old one.
 */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => cardCustomers.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<OneTimeCodePurpose>().notNull(),
    /** Where it was sent: the email address or phone number. */
    target: text("target").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("one_time_codes_customer_purpose_key").on(t.customerId, t.purpose),
    index("one_time_codes_expiry_idx").on(t.expiresAt),
  ],
);

/** A cardholder signed in to the cardholder pages (email code). Only the SHA-256 of the token is stored. */
export const cardholderSessions = pgTable(
  "cardholder_sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => cardCustomers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cardholder_sessions_token_key").on(t.tokenHash),
    index("cardholder_sessions_expiry_idx").on(t.expiresAt),
  ],
);

/** Theme of the hosted secure page (the fields of view-token's `theme`). */
export interface SecurePageTheme {
  accent_color?: string;
  background_color?: string;
  panel_color?: string;
  text_color?: string;
  muted_color?: string;
  border_radius?: string;
  font_family?: string;
  logo_url?: string;
}

/** Per-program settings of the card program: the Card PIN page's theme. */
export const cardProgramSettings = pgTable("card_program_settings", {
  orgId: text("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  secureTheme: jsonb("secure_theme").$type<SecurePageTheme>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
