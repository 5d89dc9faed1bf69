import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { DeclineRule } from "@/lib/contracts/spending-controls";
import {
  CARD_TRANSACTION_STATUS_VALUES,
  type CardTransactionStatus,
  type CardTransactionType,
  type DeclineReasonCode,
} from "@/lib/enums";
import { shardColumn } from "../shard";
import { authorizationDecisionColumns } from "./authorization-endpoints";
import { type CardCurrency, cardCustomers } from "./cards";
import type { CountedWindow } from "./controls";
import { organizations } from "./identity";
import { metadataColumn } from "./metadata";

/**
 * The money side of the card program (docs/money.md): customer wallet balances, card transactions,
 * the issuer's master wallets, deposits and fundings. Every amount is an integer in minor units
 * (cents); counters and totals are kept on write so the issuer views never scan (docs/performance.md).
 */

export type BalanceFreshness = "realtime" | "on_chain";

/**
 * One customer's account wallet balance (shared by all the customer's cards), from the moment the
 * wallet is deployed. available = ledger - pending for realtime balances; an on_chain balance was
 * read from the chain and knows no holds (pending null, available = ledger).
 */
export const customerBalances = pgTable(
  "customer_balances",
  {
    customerId: text("customer_id")
      .primaryKey()
      .references(() => cardCustomers.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    currency: text("currency").$type<CardCurrency>().notNull(),
    ledgerMinor: bigint("ledger_minor", { mode: "number" }).notNull().default(0),
    /** Authorization holds; 0 when on_chain (unknown). */
    pendingMinor: bigint("pending_minor", { mode: "number" }).notNull().default(0),
    freshness: text("freshness").$type<BalanceFreshness>().notNull().default("realtime"),
    /** Time of the last balance notification (interface balance_updated_at); null after an on-chain read. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** Last refresh of any kind (notification or chain read): the 2-hour reconciliation clock. */
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_balances_refresh_idx").on(t.refreshedAt),
    index("customer_balances_org_idx").on(t.orgId, t.currency),
    check("customer_balances_pending_nonneg", sql`${t.pendingMinor} >= 0`),
  ],
);

/**
 * Per organization and currency, the sums aggregate-balances answers with, kept in the same
 * transaction as every balance change (a row per currency and shard, summed: O(1) reads on any size).
 * available_minor = sum(realtime ledger - pending) + sum(on_chain ledger).
 */
export const balanceTotals = pgTable(
  "balance_totals",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    currency: text("currency").$type<CardCurrency>().notNull(),
    ledgerMinor: bigint("ledger_minor", { mode: "number" }).notNull().default(0),
    availableMinor: bigint("available_minor", { mode: "number" }).notNull().default(0),
    pendingMinor: bigint("pending_minor", { mode: "number" }).notNull().default(0),
    /** Customers with this card currency and a deployed wallet. */
    customerCount: integer("customer_count").notNull().default(0),
    realtimeCount: integer("realtime_count").notNull().default(0),
    onChainCount: integer("on_chain_count").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    shard: shardColumn(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.currency, t.shard] })],
);

/** Per organization: card customers, and those with a wallet (aggregate-balances' top level). */
export const programCounters = pgTable("program_counters", {
  orgId: text("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  totalCustomers: integer("total_customers").notNull().default(0),
  customersWithWallets: integer("customers_with_wallets").notNull().default(0),
});

/** The status and type lists are declared once in lib/enums.ts, shared with the contracts and the browser. */
export const CARD_TRANSACTION_STATUSES = CARD_TRANSACTION_STATUS_VALUES;
export type { CardTransactionStatus, CardTransactionType };

/**
 * Card transactions. amount/currency are the merchant's; billing_* what the card account is charged in
 * its own currency; hold_minor what the authorization still holds; decision_source who decided it.
 *
 * Partitioned by month of created_at (migration 0012; drizzle-kit cannot express PARTITION BY, so this keeps
 * the columns, keys and indexes only: docs/scaling.md). A lookup by id probes each partition. Its one foreign
 * key is to the customer AND its organization, none to organizations alone: that one locked the program's one
 * row in every authorization (docs/performance.md, One foreign key per card transaction).
 */
export const cardTransactions = pgTable(
  "card_transactions",
  {
    id: text("id").notNull(),
    orgId: text("org_id").notNull(),
    customerId: text("customer_id").notNull(),
    /** Denormalized: the list filters and shows it without a join. */
    svcCardId: text("svc_card_id").notNull(),
    cardId: text("card_id").notNull(),
    cardToken: text("card_token").notNull(),
    type: text("type").$type<CardTransactionType>().notNull(),
    status: text("status").$type<CardTransactionStatus>().notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").$type<CardCurrency>().notNull(),
    billingAmountMinor: bigint("billing_amount_minor", { mode: "number" }).notNull(),
    billingCurrency: text("billing_currency").$type<CardCurrency>().notNull(),
    /** Merchant-currency units per one billing-currency unit (1 without conversion). */
    fxRate: numeric("fx_rate", { precision: 18, scale: 8 }).notNull().default("1"),
    /** Billing minor units the authorization still holds. */
    holdMinor: bigint("hold_minor", { mode: "number" }).notNull().default(0),
    /** Billing minor units finally debited (settled) or credited (refund). */
    settledAmountMinor: bigint("settled_amount_minor", { mode: "number" }),
    merchant: text("merchant"),
    merchantCategory: text("merchant_category"),
    merchantCity: text("merchant_city"),
    merchantCountry: text("merchant_country"),
    /** The card network's decline code (810, UBT, BNP, ...) when declined. */
    declineCode: text("decline_code"),
    declineReason: text("decline_reason"),
    /** Why it was declined, machine-readable (lib/enums.ts DECLINE_REASON_CODE_VALUES). */
    declineReasonCode: text("decline_reason_code").$type<DeclineReasonCode>(),
    /** The spending control or rule that declined it (lib/contracts/spending-controls.ts). */
    declineRule: jsonb("decline_rule").$type<DeclineRule>(),
    /** The spend counters an authorization counted in, given back by reversal, expiry and refund. */
    controlWindows: jsonb("control_windows").$type<CountedWindow[]>(),
    ...authorizationDecisionColumns,
    metadata: metadataColumn(),
    /** For a refund: the purchase it returns. */
    originalTransactionId: text("original_transaction_id"),
    blockchainTxHash: text("blockchain_tx_hash"),
    /**
     * Copied from the card and the customer when the row is written, so a list page reads them
     * from its own rows, not 40 lookups by primary key (docs/performance.md). Neither changes once
     * set (last four, the email fixed at sign-up); null only where migration 0015 found none.
     */
    cardLastFour: text("card_last_four"),
    customerEmail: text("customer_email"),
    authorizedAt: timestamp("authorized_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    foreignKey({
      name: "card_transactions_customer_org_fk",
      columns: [t.customerId, t.orgId],
      foreignColumns: [cardCustomers.id, cardCustomers.orgId],
    }).onDelete("cascade"),
    // The list: newest first (keyset on created_at, id), by status, by customer.
    index("card_transactions_org_created_idx").on(t.orgId, t.createdAt, t.id),
    index("card_transactions_org_status_created_idx").on(t.orgId, t.status, t.createdAt, t.id),
    index("card_transactions_org_svc_created_idx").on(t.orgId, t.svcCardId, t.createdAt, t.id),
    // None on card_token: no query reads the rows by it (migration 0036 dropped one, a write per authorization).
    // The list's search by the start of the merchant's name, in any case (lower(...) like 'abc%').
    index("card_transactions_org_merchant_idx").on(t.orgId, sql`lower(${t.merchant}) text_pattern_ops`),
    // The list's amount range (server/issuer/transactions/search.ts): a narrow range is a probe.
    index("card_transactions_org_amount_idx").on(t.orgId, t.amountMinor),
    index("card_transactions_metadata_idx").using("gin", t.metadata.op("jsonb_path_ops")),
    // The overview's declines by reason: only declined rows (a final state), so the 30-day count
    // per code is an index-only range scan however many transactions the program has.
    index("card_transactions_declines_idx")
      .on(t.orgId, t.createdAt, t.declineCode)
      .where(sql`status = 'declined'`),
    // One customer's declines, newest first: their activity feed's page, straight from the index.
    index("card_transactions_customer_declines_idx")
      .on(t.orgId, t.svcCardId, t.createdAt, t.id)
      .where(sql`status = 'declined'`),
  ],
);

/** The issuer's master wallet per currency. Never negative. */
export const masterWallets = pgTable(
  "master_wallets",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    currency: text("currency").$type<CardCurrency>().notNull(),
    balanceMinor: bigint("balance_minor", { mode: "number" }).notNull().default(0),
    /** Deposits seen but not settled yet (two-step path). */
    processingMinor: bigint("processing_minor", { mode: "number" }).notNull().default(0),
    /** The dashboard warns below this; null: no alert. */
    lowBalanceThresholdMinor: bigint("low_balance_threshold_minor", { mode: "number" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.currency] }),
    check("master_wallets_nonneg", sql`${t.balanceMinor} >= 0`),
  ],
);

/** Incoming master-wallet deposits: one-step (settled at once) or two-step (processing, then settled). */
export const masterWalletDeposits = pgTable(
  "master_wallet_deposits",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    currency: text("currency").$type<CardCurrency>().notNull(),
    sourceAmountMinor: bigint("source_amount_minor", { mode: "number" }).notNull(),
    settledAmountMinor: bigint("settled_amount_minor", { mode: "number" }),
    status: text("status").$type<"processing" | "settled">().notNull(),
    twoStep: boolean("two_step").notNull(),
    txHash: text("tx_hash").notNull(),
    /** Funds returning when a card withdrawal settles. */
    withdrawalId: text("withdrawal_id"),
    svcCardId: text("svc_card_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [index("master_wallet_deposits_org_idx").on(t.orgId, t.createdAt)],
);

/** Transfers from the master wallet to a customer's wallet (POST /v1/card-issuer/fund-customer). */
export const customerFundings = pgTable(
  "customer_fundings",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => cardCustomers.id, { onDelete: "cascade" }),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").$type<CardCurrency>().notNull(),
    status: text("status").$type<"completed" | "failed">().notNull(),
    txHash: text("tx_hash"),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_fundings_org_idx").on(t.orgId, t.createdAt),
    index("customer_fundings_customer_idx").on(t.customerId, t.createdAt),
  ],
);
