import type { CardOrderMove, CardOrderStatus } from "@/lib/contracts/card-orders";
import type { ErrorCode } from "@/lib/errors";

/**
 * The order's state machine (docs/physical-cards.md, Order states), one table: every move in every
 * status is the next status or a named refusal. pending -> submitted (the printer took it) ->
 * shipped -> delivered; returned (came back undelivered) from shipped; failure (the printer or
 * the carrier gave up) before delivery; canceled only while not shipped. delivered, returned,
 * failure and canceled are final. `ship` from pending passes through submitted (two timeline
 * rows, two events), as a printer that ships at once still accepted the order first.
 */
export type OrderOutcome =
  { kind: "move"; path: CardOrderStatus[] } | { kind: "refusal"; code: ErrorCode; message: string };

const go = (...path: CardOrderStatus[]): OrderOutcome => ({ kind: "move", path });
const invalid = (message: string): OrderOutcome => ({
  kind: "refusal",
  code: "CARD_ORDER_TRANSITION_INVALID",
  message,
});
const FINAL = (status: string) => invalid(`The order is ${status}, which is final; nothing moves it.`);
const SHIPPED = (status: string) => ({
  kind: "refusal" as const,
  code: "CARD_ORDER_ALREADY_SHIPPED" as const,
  message: `The order is ${status}: a card that left the printer cannot be canceled; report it lost instead.`,
});

export const ORDER_TRANSITIONS: Record<CardOrderMove, Record<CardOrderStatus, OrderOutcome>> = {
  submit: {
    pending: go("submitted"),
    submitted: invalid("The order is already submitted."),
    shipped: invalid("The order is already shipped."),
    delivered: FINAL("delivered"),
    returned: FINAL("returned"),
    failure: FINAL("failed"),
    canceled: FINAL("canceled"),
  },
  ship: {
    pending: go("submitted", "shipped"),
    submitted: go("shipped"),
    shipped: invalid("The order is already shipped."),
    delivered: FINAL("delivered"),
    returned: FINAL("returned"),
    failure: FINAL("failed"),
    canceled: FINAL("canceled"),
  },
  deliver: {
    pending: invalid("The order is not shipped yet; ship it before delivering it."),
    submitted: invalid("The order is not shipped yet; ship it before delivering it."),
    shipped: go("delivered"),
    delivered: FINAL("delivered"),
    returned: FINAL("returned"),
    failure: FINAL("failed"),
    canceled: FINAL("canceled"),
  },
  return: {
    pending: invalid("The order is not shipped yet; only a shipped card can come back."),
    submitted: invalid("The order is not shipped yet; only a shipped card can come back."),
    shipped: go("returned"),
    delivered: FINAL("delivered"),
    returned: FINAL("returned"),
    failure: FINAL("failed"),
    canceled: FINAL("canceled"),
  },
  fail: {
    pending: go("failure"),
    submitted: go("failure"),
    shipped: go("failure"),
    delivered: FINAL("delivered"),
    returned: FINAL("returned"),
    failure: FINAL("failed"),
    canceled: FINAL("canceled"),
  },
  cancel: {
    pending: go("canceled"),
    submitted: go("canceled"),
    shipped: SHIPPED("shipped"),
    delivered: SHIPPED("delivered"),
    returned: FINAL("returned"),
    failure: FINAL("failed"),
    canceled: FINAL("canceled"),
  },
};

/** The statuses after which the card never reaches its holder: the card is voided with them. */
export const CARD_LOST_WITH: readonly CardOrderStatus[] = ["returned", "failure", "canceled"];

export function decideOrderMove(move: CardOrderMove, status: CardOrderStatus): OrderOutcome {
  return ORDER_TRANSITIONS[move][status];
}
