import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations } from "./identity";

/**
 * Swaps, the crypto gateway and address screening (docs/crypto.md). Token amounts are integers
 * in the token's base units (numeric(78,0): an 18-decimal token overflows bigint); decimal
 * strings in the API, decimal.js in code, never floats.
 */

const baseUnits = (name: string) => numeric(name, { precision: 78, scale: 0 });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A loaded sanctions list; exactly one is active, and every instance reads the active one. */
export const screeningLists = pgTable(
  "screening_lists",
  {
    id: text("id").primaryKey(),
    source: text("source").notNull(),
    /** The date the list is as of (YYYY-MM-DD), shown with every result. */
    asOf: text("as_of").notNull(),
    entryCount: integer("entry_count").notNull(),
    active: boolean("active").notNull().default(false),
    loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("screening_lists_one_active")
      .on(t.active)
      .where(sql`${t.active}`),
  ],
);

export const screeningListEntries = pgTable(
  "screening_list_entries",
  {
    listId: text("list_id")
      .notNull()
      .references(() => screeningLists.id, { onDelete: "cascade" }),
    /** addressKey(): lower case for EVM and bech32, as listed otherwise. */
    addressKey: text("address_key").notNull(),
    address: text("address").notNull(),
    /** The list's asset code (XBT, ETH, TRX...). */
    asset: text("asset").notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.addressKey, t.asset] })],
);

/** Checks made from the dashboard, for its "last checks" list. */
export const screeningChecks = pgTable(
  "screening_checks",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    riskLevel: text("risk_level").notNull(),
    flagged: boolean("flagged").notNull(),
    checks: jsonb("checks").$type<Record<string, boolean>>().notNull(),
    listAsOf: text("list_as_of"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("screening_checks_org_idx").on(t.orgId, t.checkedAt)],
);

/** The master wallet's crypto holdings, per asset (swap catalog id), never negative. */
export const masterWalletAssets = pgTable(
  "master_wallet_assets",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    assetId: text("asset_id").notNull(),
    balance: baseUnits("balance").notNull().default("0"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.assetId] }),
    check("master_wallet_assets_nonneg", sql`${t.balance} >= 0`),
  ],
);

export const swapQuotes = pgTable(
  "swap_quotes",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    fromAssetId: text("from_asset_id").notNull(),
    toAssetId: text("to_asset_id").notNull(),
    amount: baseUnits("amount").notNull(),
    expectedOutput: baseUnits("expected_output").notNull(),
    minOutput: baseUnits("min_output").notNull(),
    networkFee: baseUnits("network_fee").notNull(),
    protocolFee: baseUnits("protocol_fee").notNull(),
    rate: text("rate").notNull(),
    slippageBps: integer("slippage_bps").notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("swap_quotes_org_idx").on(t.orgId, t.createdAt)],
);

export type SwapStatus = "pending" | "processing" | "completed" | "failed";

export const swaps = pgTable(
  "swaps",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    quoteId: text("quote_id")
      .notNull()
      .references(() => swapQuotes.id),
    fromAssetId: text("from_asset_id").notNull(),
    toAssetId: text("to_asset_id").notNull(),
    fromAmount: baseUnits("from_amount").notNull(),
    toAmount: baseUnits("to_amount").notNull(),
    toAddress: text("to_address").notNull(),
    status: text("status").$type<SwapStatus>().notNull().default("pending"),
    fromTxHash: text("from_tx_hash"),
    toTxHash: text("to_tx_hash"),
    failureReason: text("failure_reason"),
    /** Where the output went: "master_wallet:EUR", "asset:eth-arbitrum" or "external". */
    creditedTo: text("credited_to"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("swaps_quote_unique").on(t.quoteId),
    index("swaps_org_idx").on(t.orgId, t.createdAt, t.id),
    index("swaps_org_status_idx").on(t.orgId, t.status, t.createdAt),
  ],
);

export type GatewayPaymentStatus = "awaiting_payment" | "paid" | "underpaid" | "overpaid" | "expired";

export const gatewayPayments = pgTable(
  "gateway_payments",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** USD, EUR or GBP: the options are tokens of that value. */
    currency: text("currency").notNull(),
    requestedAmount: numeric("requested_amount", { precision: 38, scale: 8 }).notNull(),
    status: text("status").$type<GatewayPaymentStatus>().notNull().default("awaiting_payment"),
    assetCode: text("asset_code"),
    network: text("network"),
    settledAmount: numeric("settled_amount", { precision: 38, scale: 8 }),
    txHash: text("tx_hash"),
    externalReference: text("external_reference"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("gateway_payments_org_idx").on(t.orgId, t.createdAt, t.id),
    index("gateway_payments_ref_idx").on(t.orgId, t.externalReference),
    index("gateway_payments_status_idx").on(t.orgId, t.status, t.createdAt),
  ],
);

export const gatewayPaymentOptions = pgTable(
  "gateway_payment_options",
  {
    paymentId: text("payment_id")
      .notNull()
      .references(() => gatewayPayments.id, { onDelete: "cascade" }),
    assetCode: text("asset_code").notNull(),
    network: text("network").notNull(),
    depositAddress: text("deposit_address").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.assetCode, t.network] })],
);
