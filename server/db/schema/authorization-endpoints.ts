import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { DecisionSource, StandInAction, StandInFailure } from "@/lib/enums";
import { organizations } from "./identity";

/**
 * The program's own authorization endpoint (docs/authorization-endpoint.md): one per organization
 * and mode (SVC_MODE: sandbox or live), called on every authorization after the spending controls
 * and rules, with no transaction open during the call.
 */

/** One stand-in rule; approve_up_to approves up to both caps (billing minor units; null: no cap). */
export interface StandInRule {
  action: StandInAction;
  per_authorization_minor?: number | null;
  per_customer_per_day_minor?: number | null;
}
export type StandInRules = Record<StandInFailure, StandInRule>;

export const authorizationEndpoints = pgTable(
  "authorization_endpoints",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    mode: text("mode").$type<"sandbox" | "live">().notNull(),
    url: text("url").notNull(),
    enabled: boolean("enabled").notNull().default(false),
    timeoutMs: integer("timeout_ms").notNull().default(1_500),
    /** Sealed (AES-256-GCM) like a webhook secret; shown once, on creation and rotation. */
    secretSealed: text("secret_sealed").notNull(),
    /** After a rotation the old secret signs too (a second header) until the grace window ends. */
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    standIn: jsonb("stand_in").$type<StandInRules>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.mode] })],
);

export type EndpointOutcome =
  "approved" | "partial" | "declined" | "timeout" | "connection_error" | "non_2xx" | "malformed";

/** The request log: every call with its request, answer, latency and outcome (the newest 500 per org kept). */
export const authorizationEndpointRequests = pgTable(
  "authorization_endpoint_requests",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The card transaction decided; null for "Send test authorization". */
    transactionId: text("transaction_id"),
    url: text("url").notNull(),
    requestHeaders: jsonb("request_headers").$type<Record<string, string>>().notNull(),
    /** The body sent, the exact signed bytes. */
    requestBody: text("request_body").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    error: text("error"),
    latencyMs: integer("latency_ms").notNull(),
    outcome: text("outcome").$type<EndpointOutcome>().notNull(),
    decisionSource: text("decision_source").$type<DecisionSource>(),
    /** An answer that came after the deadline: recorded, never acted on. */
    lateResponseStatus: integer("late_response_status"),
    lateResponseBody: text("late_response_body"),
    lateLatencyMs: integer("late_latency_ms"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("authorization_endpoint_requests_org_idx").on(t.orgId, t.createdAt)],
);

/** The decision's columns on card_transactions (spread into its declaration in ./money.ts). */
export const authorizationDecisionColumns = {
  decisionSource: text("decision_source").$type<DecisionSource>(),
  /** The authorization endpoint's time to answer (or to give up), and its HTTP status if it answered. */
  endpointLatencyMs: integer("endpoint_latency_ms"),
  endpointStatus: integer("endpoint_status"),
};

/**
 * Upper bounds (ms, inclusive) of the latency histogram in authorization_endpoint_hourly.buckets;
 * one more bucket counts what lies above the last bound.
 */
export const LATENCY_BUCKET_BOUNDS_MS = [
  2, 5, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 250, 300, 400, 500, 750, 1_000, 1_250, 1_500, 2_000, 2_500,
  3_000,
] as const;

/**
 * The endpoint's calls per program, mode and UTC hour, kept on write in the transaction that records
 * each authorization's call (docs/authorization-endpoint.md, Latency per hour): the console's chart
 * reads a few rows per day, never the request log.
 */
export const authorizationEndpointHourly = pgTable(
  "authorization_endpoint_hourly",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    mode: text("mode").$type<"sandbox" | "live">().notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    calls: integer("calls").notNull().default(0),
    timeouts: integer("timeouts").notNull().default(0),
    /** Connection errors, non-2xx and malformed answers. */
    errors: integer("errors").notNull().default(0),
    latencySumMs: bigint("latency_sum_ms", { mode: "number" }).notNull().default(0),
    latencyMaxMs: integer("latency_max_ms").notNull().default(0),
    /** Calls per latency bucket (LATENCY_BUCKET_BOUNDS_MS, then the overflow bucket). */
    buckets: integer("buckets").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.mode, t.hour] })],
);
