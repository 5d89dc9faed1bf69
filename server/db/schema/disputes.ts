import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { DisputeStatus } from "@/lib/enums";
import { type CardCurrency, cardCustomers } from "./cards";
import { organizations } from "./identity";

/** A dispute's life: DISPUTE_STATUS_VALUES in lib/enums.ts. */
export type { DisputeStatus };
export const OPEN_DISPUTE_STATUSES = [
  "submitted",
  "under_review",
] as const satisfies readonly DisputeStatus[];

/**
 * A cardholder's or the program's dispute of a settled purchase. At most one open dispute and at
 * most one won dispute per transaction (the partial unique indexes); a won dispute credits what it
 * won (in the card account's currency) to the customer's balance through the balance ledger, and
 * with the purchase's refunds never more than the purchase (docs/money.md, "Disputes").
 */
export const cardDisputes = pgTable(
  "card_disputes",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => cardCustomers.id, { onDelete: "cascade" }),
    svcCardId: text("svc_card_id").notNull(),
    /**
     * No foreign key: card_transactions is partitioned and its keys include created_at. A dispute is
     * filed in the transaction that reads (and locks) its card transaction; partition maintenance
     * deletes the disputes of a month before it drops that month's transactions (docs/scaling.md).
     */
    transactionId: text("transaction_id").notNull(),
    reasonCode: text("reason_code").notNull(),
    description: text("description").notNull(),
    /**
     * Disputed amount in the transaction's (merchant) currency, minor units; once won, what the win
     * credited (less when a refund came in while the dispute was open).
     */
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").$type<CardCurrency>().notNull(),
    /** What a win credits (once won: credited), the amount in the card account's (billing) currency. */
    creditMinor: integer("credit_minor").notNull(),
    creditCurrency: text("credit_currency").$type<CardCurrency>().notNull(),
    status: text("status").$type<DisputeStatus>().notNull().default("submitted"),
    /** Who filed it: user, apiKey or cardholder. */
    filedBy: text("filed_by").notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("card_disputes_one_open_key")
      .on(t.transactionId)
      .where(sql`status in ('submitted', 'under_review')`),
    // The last line of defence against a purchase won twice (the purchase's row lock is the first).
    uniqueIndex("card_disputes_one_won_key")
      .on(t.transactionId)
      .where(sql`status = 'won'`),
    index("card_disputes_org_created_idx").on(t.orgId, t.createdAt, t.id),
    index("card_disputes_org_status_idx").on(t.orgId, t.status, t.createdAt, t.id),
    index("card_disputes_transaction_idx").on(t.transactionId),
    index("card_disputes_org_svc_idx").on(t.orgId, t.svcCardId, t.createdAt),
  ],
);

/** Bytes in a bytea column (evidence files are kept in the database, so a backup holds them). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A staff note on a dispute: text only, never shown to the cardholder, never edited. */
export const cardDisputeNotes = pgTable(
  "card_dispute_notes",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    disputeId: text("dispute_id")
      .notNull()
      .references(() => cardDisputes.id, { onDelete: "cascade" }),
    /** user or apiKey, and its id (a user's email is looked up when shown). */
    authorType: text("author_type").notNull(),
    authorId: text("author_id"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("card_dispute_notes_dispute_idx").on(t.disputeId, t.createdAt)],
);

/**
 * An evidence file of a dispute (PDF, PNG or JPEG, at most 5 MB: server/issuer/disputes/evidence.ts),
 * stored in the database; the content type is what the bytes are, not what the upload claimed.
 */
export const cardDisputeEvidence = pgTable(
  "card_dispute_evidence",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    disputeId: text("dispute_id")
      .notNull()
      .references(() => cardDisputes.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    content: bytea("content").notNull(),
    uploadedByType: text("uploaded_by_type").notNull(),
    uploadedById: text("uploaded_by_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("card_dispute_evidence_dispute_idx").on(t.disputeId, t.createdAt)],
);
