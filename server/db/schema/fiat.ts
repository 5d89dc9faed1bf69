import { sql } from "drizzle-orm";
import {
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
  uuid,
} from "drizzle-orm/pg-core";
import type { FiatQuote } from "@/lib/contracts/fiat";
import { organizations } from "./identity";

/**
 * The fiat platform (docs/fiat.md): binding quotes, fiat wallets, saved beneficiaries, payouts
 * and deposits. Amounts are numeric(38, 8) read and written as decimal strings (8 places, as the
 * API has them); arithmetic on them happens in SQL numeric or decimal.js, never in floats.
 */

const money = (name: string) => numeric(name, { precision: 38, scale: 8, mode: "string" });
const org = () =>
  text("org_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" });
const at = (name: string) => timestamp(name, { withTimezone: true });

export type MethodKind = "payout" | "payin";
export type PayoutStatus = "pending" | "processing" | "completed" | "failed" | "returned";
export type DepositStatus = "pending" | "completed" | "cancelled";

/** A binding quote: its figures as answered, valid 5 minutes, consumed at most once. */
export const fiatQuotes = pgTable(
  "fiat_quotes",
  {
    id: uuid("id").primaryKey(),
    orgId: org(),
    fromCurrency: text("from_currency").notNull(),
    toCurrency: text("to_currency").notNull(),
    amount: money("amount").notNull(),
    amountDue: money("amount_due").notNull(),
    receiveAmount: money("receive_amount").notNull(),
    methodId: integer("method_id"),
    methodType: text("method_type").$type<MethodKind>(),
    /** The quote object exactly as answered (the receipt and the payout read it back). */
    body: jsonb("body").$type<FiatQuote>().notNull(),
    expiresAt: at("expires_at").notNull(),
    consumedAt: at("consumed_at"),
    /** The payout or deposit that consumed it. */
    consumedBy: text("consumed_by"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("fiat_quotes_org_idx").on(t.orgId, t.createdAt)],
);

/** One wallet per organization and currency; the balance never goes below 0. */
export const fiatWallets = pgTable(
  "fiat_wallets",
  {
    orgId: org(),
    currency: text("currency").notNull(),
    balance: money("balance").notNull().default("0"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.currency] }),
    check("fiat_wallets_nonneg", sql`${t.balance} >= 0`),
  ],
);

/** A beneficiary saved for repeat payouts: the validated form values of one payout method. */
export const fiatBeneficiaries = pgTable(
  "fiat_beneficiaries",
  {
    id: text("id").primaryKey(),
    orgId: org(),
    paymentMethodId: integer("payment_method_id").notNull(),
    nickname: text("nickname"),
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("fiat_beneficiaries_org_idx").on(t.orgId, t.createdAt)],
);

export const fiatPayouts = pgTable(
  "fiat_payouts",
  {
    id: text("id").primaryKey(),
    orgId: org(),
    quoteId: uuid("quote_id").notNull(),
    walletCurrency: text("wallet_currency").notNull(),
    payoutCurrency: text("payout_currency").notNull(),
    amount: money("amount").notNull(),
    fee: money("fee").notNull(),
    amountDue: money("amount_due").notNull(),
    receiveAmount: money("receive_amount").notNull(),
    rate: money("rate").notNull(),
    paymentMethodId: integer("payment_method_id").notNull(),
    beneficiaryId: text("beneficiary_id"),
    beneficiary: jsonb("beneficiary").$type<Record<string, string>>().notNull(),
    status: text("status").$type<PayoutStatus>().notNull().default("pending"),
    failureReason: text("failure_reason"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    completedAt: at("completed_at"),
  },
  (t) => [
    uniqueIndex("fiat_payouts_quote_uq").on(t.quoteId),
    index("fiat_payouts_org_idx").on(t.orgId, t.createdAt),
  ],
);

export const fiatDeposits = pgTable(
  "fiat_deposits",
  {
    id: text("id").primaryKey(),
    orgId: org(),
    quoteId: uuid("quote_id").notNull(),
    gateway: integer("gateway").notNull(),
    payCurrency: text("pay_currency").notNull(),
    /** The wallet credited. */
    currency: text("currency").notNull(),
    amount: money("amount").notNull(),
    fee: money("fee").notNull(),
    amountDue: money("amount_due").notNull(),
    creditAmount: money("credit_amount").notNull(),
    rate: money("rate").notNull(),
    redirectUrl: text("redirect_url").notNull(),
    /**
     * The hosted checkout's single-use token is a credential: kept as its SHA-256 (looked up by
     * it) and sealed with ENCRYPTION_KEY (to show checkout_url while pending), never as sent.
     * Sealed is null on deposits made before the token was sealed (migration 0016_idempotency_actor_sealed_checkout_token).
     */
    checkoutTokenHash: text("checkout_token_hash").notNull(),
    checkoutTokenSealed: text("checkout_token_sealed"),
    status: text("status").$type<DepositStatus>().notNull().default("pending"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    completedAt: at("completed_at"),
  },
  (t) => [
    uniqueIndex("fiat_deposits_quote_uq").on(t.quoteId),
    uniqueIndex("fiat_deposits_token_uq").on(t.checkoutTokenHash),
    index("fiat_deposits_org_idx").on(t.orgId, t.createdAt),
  ],
);
