import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type {
  CardOrderStatus,
  ShippingAddress,
  ShippingCarrier,
  ShippingService,
} from "@/lib/contracts/card-orders";
import { cardCustomers, cards } from "./cards";
import { organizations } from "./identity";

/**
 * A physical card's order (docs/physical-cards.md): where it ships, how, and where it is. One
 * order per physical card; the card waits for its activation (activated_at null) meanwhile.
 */
export const cardOrders = pgTable(
  "card_orders",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => cardCustomers.id, { onDelete: "cascade" }),
    cardId: text("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    status: text("status").$type<CardOrderStatus>().notNull(),
    service: text("service").$type<ShippingService>().notNull(),
    nameOnCard: text("name_on_card").notNull(),
    personalization: text("personalization"),
    address: jsonb("address").$type<ShippingAddress>().notNull(),
    /** Country (ISO alpha-2), kept apart for the Orders view's filter. */
    country: text("country").notNull(),
    carrier: text("carrier").$type<ShippingCarrier>(),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    eta: timestamp("eta", { withTimezone: true }),
    /** Wrong activation codes typed so far; at 5 the code is locked (ACTIVATION_LOCKED). */
    activationAttempts: integer("activation_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("card_orders_card_key").on(t.cardId),
    // The Orders view: newest first, keyset on (created_at, id), overall or by status.
    index("card_orders_org_created_idx").on(t.orgId, t.createdAt, t.id),
    index("card_orders_org_status_idx").on(t.orgId, t.status, t.createdAt, t.id),
    index("card_orders_customer_idx").on(t.customerId, t.createdAt),
  ],
);

/** One row per status an order reached: the shipping timeline. */
export const cardOrderEvents = pgTable(
  "card_order_events",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => cardOrders.id, { onDelete: "cascade" }),
    status: text("status").$type<CardOrderStatus>().notNull(),
    /** Who moved it: the program (staff, API key), the cardholder, the fulfillment (sandbox simulator). */
    source: text("source").$type<"program" | "cardholder" | "fulfillment">().notNull(),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("card_order_events_order_idx").on(t.orderId, t.at)],
);
