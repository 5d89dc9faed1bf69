import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { jsonb } from "drizzle-orm/pg-core";
import type { StatementLine, StatementTotals } from "@/lib/contracts/statements";
import { type CardCurrency, cardCustomers } from "./cards";
import { organizations } from "./identity";

/**
 * Monthly statements (docs/statements.md): one per card customer, currency and month of the
 * program's time zone, written once by the statement job after the month ends and never changed.
 * The lines are kept with the statement, as issued.
 */
export const cardStatements = pgTable(
  "card_statements",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => cardCustomers.id, { onDelete: "cascade" }),
    svcCardId: text("svc_card_id").notNull(),
    currency: text("currency").$type<CardCurrency>().notNull(),
    /** The month, YYYY-MM, in `time_zone`. */
    period: text("period").notNull(),
    timeZone: text("time_zone").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    openingMinor: bigint("opening_minor", { mode: "number" }).notNull(),
    closingMinor: bigint("closing_minor", { mode: "number" }).notNull(),
    totals: jsonb("totals").$type<StatementTotals>().notNull(),
    lines: jsonb("lines").$type<StatementLine[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("card_statements_customer_period_key").on(t.customerId, t.currency, t.period),
    index("card_statements_org_svc_idx").on(t.orgId, t.svcCardId, t.period),
  ],
);

/**
 * Low-balance alerts (docs/statements.md, Balance alerts): the state of each watched balance, armed
 * until the balance drops below its threshold, then fired (the event raised once) until it is back
 * at or above it. `subject` is the currency of a master wallet or the record id of a customer; a
 * customer's threshold is kept here, a master wallet's on master_wallets.
 */
export const balanceAlerts = pgTable(
  "balance_alerts",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"master_wallet" | "customer">().notNull(),
    subject: text("subject").notNull(),
    thresholdMinor: bigint("threshold_minor", { mode: "number" }),
    state: text("state").$type<"armed" | "fired">().notNull().default("armed"),
    firedAt: timestamp("fired_at", { withTimezone: true }),
    balanceMinor: bigint("balance_minor", { mode: "number" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.kind, t.subject] }),
    index("balance_alerts_fired_idx").on(t.orgId, t.state, t.firedAt),
  ],
);
