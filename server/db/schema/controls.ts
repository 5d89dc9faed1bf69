import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { StoredSpendingControls } from "@/lib/contracts/spending-controls";
import type { AuthRuleState, ControlLevel } from "@/lib/enums";
import { shardColumn } from "../shard";
import { organizations } from "./identity";

/**
 * Spending controls and authorization rules (docs/spending-controls.md). The authorization path
 * reads these by primary key and keeps spend_counters on write, so no check scans the history.
 */

/** A spend counter an authorization counted in (card_transactions.control_windows). */
export interface CountedWindow {
  subject: string;
  key: string;
  /** ISO 8601 of the window's start. */
  start: string;
}

/** One row per level that has controls: the program (target ''), a customer (its id) or a card (its id). */
export const spendingControls = pgTable(
  "spending_controls",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    level: text("level").$type<ControlLevel>().notNull(),
    targetId: text("target_id").notNull(),
    controls: jsonb("controls").$type<StoredSpendingControls>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.level, t.targetId] })],
);

/** The program's settings of its controls: the IANA time zone its windows start in. */
export const programControlSettings = pgTable("program_control_settings", {
  orgId: text("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  timeZone: text("time_zone").notNull().default("UTC"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What was spent in one window, kept on write: the subject is a card (its and the program's
 * limits) or a customer (its limits); the window key names the interval and the categories counted
 * (server/controls/windows.ts); velocity rules keep fixed buckets here too.
 */
export const spendCounters = pgTable(
  "spend_counters",
  {
    orgId: text("org_id").notNull(),
    subjectId: text("subject_id").notNull(),
    windowKey: text("window_key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull().default(0),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.subjectId, t.windowKey, t.windowStart] })],
);

/** Authorization rules: the current version's conditions beside the life cycle state. */
export const authRules = pgTable(
  "auth_rules",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    state: text("state").$type<AuthRuleState>().notNull(),
    version: integer("version").notNull(),
    conditions: jsonb("conditions").$type<unknown[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_rules_org_state_idx").on(t.orgId, t.state)],
);

/**
 * How many times a program's rules have changed: a trigger on auth_rules bumps it in the transaction
 * of every insert, update or delete (migrations/0037_auth_rule_sets.sql), so a rule set read at
 * one generation is the same set at that generation everywhere. The authorization keeps the live
 * rules per program and generation and reads them again only when it moves (server/controls/load.ts).
 * No foreign key: deleting a program deletes its rules, whose trigger then writes here.
 */
export const authRuleSets = pgTable("auth_rule_sets", {
  orgId: text("org_id").primaryKey(),
  generation: bigint("generation", { mode: "number" }).notNull().default(0),
});

/** Every version of a rule, kept. */
export const authRuleVersions = pgTable(
  "auth_rule_versions",
  {
    ruleId: text("rule_id")
      .notNull()
      .references(() => authRules.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    conditions: jsonb("conditions").$type<unknown[]>().notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.version] })],
);

/** Decisions per rule, day (program time zone) and mode: the performance report, kept on write. */
export const authRuleDailyDecisions = pgTable(
  "auth_rule_daily_decisions",
  {
    orgId: text("org_id").notNull(),
    ruleId: text("rule_id")
      .notNull()
      .references(() => authRules.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    mode: text("mode").$type<"shadow" | "active">().notNull(),
    evaluated: integer("evaluated").notNull().default(0),
    declined: integer("declined").notNull().default(0),
    declinedAmountMinor: bigint("declined_amount_minor", { mode: "number" }).notNull().default(0),
    /** One of 16 rows per rule, day and mode, by the card (server/db/shard.ts). */
    shard: shardColumn(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.day, t.mode, t.shard] })],
);

/** Each authorization a rule declined (active) or would have declined (shadow). */
export const authRuleHits = pgTable(
  "auth_rule_hits",
  {
    orgId: text("org_id").notNull(),
    ruleId: text("rule_id")
      .notNull()
      .references(() => authRules.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    mode: text("mode").$type<"shadow" | "active">().notNull(),
    transactionId: text("transaction_id").notNull(),
    customerId: text("customer_id").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.transactionId] }),
    index("auth_rule_hits_rule_created_idx").on(t.ruleId, t.createdAt),
  ],
);

/** A backtest's result, kept for the Rules page. */
export const authRuleBacktests = pgTable(
  "auth_rule_backtests",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    ruleId: text("rule_id")
      .notNull()
      .references(() => authRules.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    from: timestamp("from", { withTimezone: true }).notNull(),
    to: timestamp("to", { withTimezone: true }).notNull(),
    result: jsonb("result").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_rule_backtests_rule_idx").on(t.ruleId, t.createdAt)],
);
