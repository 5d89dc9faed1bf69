import type { cardOrderEvents, cardOrders } from "@/server/db/schema/card-orders";

/** The order row and who moved it, shared by the order's modules (kept apart so none imports in a loop). */
export type CardOrderRow = typeof cardOrders.$inferSelect;
export type CardOrderSource = (typeof cardOrderEvents.$inferSelect)["source"];
