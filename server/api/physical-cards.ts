import { activatedCardSchema } from "@/lib/contracts/card-account";
import {
  activateCardSchema,
  cardOrderListQuerySchema,
  cardOrderListSchema,
  cardOrderParamsSchema,
  cardOrderSchema,
  orderPhysicalCardSchema,
} from "@/lib/contracts/card-orders";
import { cardTargetSchema, customerTargetSchema } from "@/lib/contracts/cards";
import { onboardingPreconditionErrors } from "@/server/cards/onboarding/progress";
import { activateCardWithCode } from "@/server/cards/physical/activation";
import { listCardOrders } from "@/server/cards/physical/list";
import { orderPhysicalCard } from "@/server/cards/physical/order";
import { cancelCardOrder, getCardOrder } from "@/server/cards/physical/use-cases";
import { created, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";

/**
 * Physical cards (docs/physical-cards.md): the order with its shipping address, the Orders list,
 * one order with its timeline, cancel, and the cardholder's activation. Card envelope; a
 * cardholder's session token is admitted where the permission table says, limited to their own.
 */
const TAGS = ["Cards"];
const ORDERS = "/api/v1/card-issuer/card-orders";

export const physicalCardRoutes = [
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/customers/{svcCardId}/cards/physical",
    summary: "Order a physical card",
    description:
      "Issues a physical card (not activated) and its order: shipping address (postcode checked per " +
      "country), name on card, service standard | express | priority, an optional personalization line. " +
      "The order starts pending and raises card.shipping.updated at each status. Needs the onboarding " +
      "steps up to phone verification (the wallet only to activate) and fewer than 5 cards in use. In the " +
      "sandbox the answer carries activation_code, the code printed on the carrier letter.",
    tags: TAGS,
    operationId: "orderPhysicalCard",
    auth: "orderPhysicalCard",
    request: { params: customerTargetSchema, body: orderPhysicalCardSchema },
    response: { status: 201, data: cardOrderSchema },
    errors: ["NOT_FOUND", ...onboardingPreconditionErrors("phone"), "CARD_LIMIT_REACHED"],
    handler: async ({ c, ctx, input }) =>
      created(
        c,
        await orderPhysicalCard({ ctx, input: { svcCardId: input.params.svcCardId, body: input.body } }),
        "Physical card ordered",
      ),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/customers/{svcCardId}/cards/{cardId}/activate",
    summary: "Activate a physical card",
    description:
      "The cardholder, card in hand, sends its last four digits and the 6-digit code on the carrier " +
      "letter. Before the order shipped: CARD_NOT_SHIPPED; a wrong pair: INVALID_ACTIVATION_CODE " +
      "(data.tries_left); the fifth wrong one locks the code: ACTIVATION_LOCKED. Needs the account wallet " +
      "deployed. Raises card.activated.",
    tags: TAGS,
    operationId: "activateCardWithCode",
    auth: "activateCardWithCode",
    request: { params: cardTargetSchema, body: activateCardSchema },
    response: { data: activatedCardSchema },
    errors: [
      "NOT_FOUND",
      "PHYSICAL_CARD_ONLY",
      "CARD_ALREADY_ACTIVATED",
      "CARD_NOT_ACTIVE",
      "CARD_NOT_SHIPPED",
      "INVALID_ACTIVATION_CODE",
      "ACTIVATION_LOCKED",
      "WALLET_NOT_DEPLOYED",
    ],
    handler: async ({ c, ctx, input }) =>
      ok(c, await activateCardWithCode({ ctx, input: { ...input.params, body: input.body } }), {
        message: "Card activated",
      }),
  }),
  defineRoute({
    method: "get",
    path: ORDERS,
    summary: "List physical card orders",
    description:
      "Newest first; by status and by customer (svc_card_id). Keyset paging: starting_after=<order_id> " +
      "gives the next page, has_more says whether there is one.",
    tags: TAGS,
    operationId: "listCardOrders",
    auth: "listCardOrders",
    request: { query: cardOrderListQuerySchema },
    response: { data: cardOrderListSchema },
    errors: [],
    handler: async ({ c, ctx, input }) => ok(c, await listCardOrders({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: `${ORDERS}/{orderId}`,
    summary: "A physical card order",
    description: "The order with its shipping timeline (every status reached, oldest first).",
    tags: TAGS,
    operationId: "getCardOrder",
    auth: "getCardOrder",
    request: { params: cardOrderParamsSchema },
    response: { data: cardOrderSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getCardOrder({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "post",
    path: `${ORDERS}/{orderId}/cancel`,
    summary: "Cancel a physical card order",
    description:
      "Only while not shipped (CARD_ORDER_ALREADY_SHIPPED after; a final order: " +
      "CARD_ORDER_TRANSITION_INVALID). The card, never activated, goes out of use with it (it reads as " +
      "voided) and card.cancelled is raised, in the same transaction as card.shipping.updated (canceled).",
    tags: TAGS,
    operationId: "cancelCardOrder",
    auth: "cancelCardOrder",
    request: { params: cardOrderParamsSchema },
    response: { data: cardOrderSchema },
    errors: ["NOT_FOUND", "CARD_ORDER_ALREADY_SHIPPED", "CARD_ORDER_TRANSITION_INVALID"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await cancelCardOrder({ ctx, input: input.params }), { message: "Order canceled" }),
  }),
];
