import { activatedCardSchema, createdCardSchema } from "@/lib/contracts/card-account";
import { cardOrderParamsSchema, cardOrderSchema } from "@/lib/contracts/card-orders";
import { cardIdParamsSchema, customerTargetSchema } from "@/lib/contracts/cards";
import { activatePhysicalCard, issuePhysicalCard } from "@/server/cards/lifecycle/physical";
import { onboardingPreconditionErrors } from "@/server/cards/onboarding/progress";
import { SANDBOX_ORDER_MOVES, sandboxMoveCardOrder } from "@/server/cards/physical/use-cases";
import { created, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { sandboxOnly } from "./sandbox";

/**
 * Sandbox-only card simulation (docs/decisions-foundation.md, Sandbox mode): 404 and out of the
 * document in live mode.
 */
const MOVE_TEXT = {
  ship: "pending or submitted -> shipped, with carrier, tracking number and URL and the ETA of its service.",
  deliver: "shipped -> delivered.",
  return: "shipped -> returned (undeliverable); the card is voided.",
  fail: "pending, submitted or shipped -> failure; the card is voided.",
} as const;
const MOVE_DONE = { ship: "shipped", deliver: "delivered", return: "returned", fail: "failed" } as const;

export const sandboxCardRoutes = sandboxOnly([
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/customers/{svcCardId}/cards/physical",
    summary: "Sandbox: issue a physical card",
    description:
      "Sandbox only (404 in live mode). A physical card, not yet activated, " +
      "so void (VIRTUAL_CARD_ONLY), freeze before activation " +
      "(CARD_NOT_ACTIVATED) and activation can be tried. Needs the " +
      "onboarding steps up to phone verification; the wallet is needed only " +
      "to activate.",
    tags: ["Sandbox"],
    operationId: "sandboxIssuePhysicalCard",
    auth: "issuePhysicalCard",
    request: { params: customerTargetSchema },
    response: { status: 201, data: createdCardSchema },
    errors: ["NOT_FOUND", ...onboardingPreconditionErrors("phone"), "CARD_LIMIT_REACHED"],
    handler: async ({ c, ctx, input }) =>
      created(c, await issuePhysicalCard({ ctx, input: input.params }), "Physical card issued"),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/cards/{cardId}/activate",
    summary: "Sandbox: activate a physical card",
    description:
      "Sandbox only (404 in live mode). What the cardholder does with the " +
      "card in hand: sets activated_at and raises card.activated. Needs the " +
      "account wallet deployed (WALLET_NOT_DEPLOYED); a virtual card: " +
      "PHYSICAL_CARD_ONLY; already activated: CARD_ALREADY_ACTIVATED.",
    tags: ["Sandbox"],
    operationId: "sandboxActivateCard",
    auth: "activatePhysicalCard",
    request: { params: cardIdParamsSchema },
    response: { data: activatedCardSchema },
    errors: [
      "NOT_FOUND",
      "PHYSICAL_CARD_ONLY",
      "CARD_ALREADY_ACTIVATED",
      "CARD_NOT_ACTIVE",
      "WALLET_NOT_DEPLOYED",
    ],
    handler: async ({ c, ctx, input }) =>
      ok(c, await activatePhysicalCard({ ctx, input: input.params }), { message: "Card activated" }),
  }),
  ...SANDBOX_ORDER_MOVES.map((move) =>
    defineRoute({
      method: "post",
      path: `/api/v1/sandbox/card-orders/{orderId}/${move}`,
      summary: `Sandbox: ${move} a physical card order`,
      description:
        `Sandbox only (404 in live mode). What the printer and the carrier report upstream: ${MOVE_TEXT[move]} ` +
        "Raises card.shipping.updated; a move the order's status does not allow is CARD_ORDER_TRANSITION_INVALID " +
        "(docs/physical-cards.md, Order states).",
      tags: ["Sandbox"],
      operationId: `sandbox${move[0]!.toUpperCase()}${move.slice(1)}CardOrder`,
      auth: "sandboxMoveCardOrder",
      request: { params: cardOrderParamsSchema },
      response: { data: cardOrderSchema },
      errors: ["NOT_FOUND", "CARD_ORDER_TRANSITION_INVALID"],
      handler: async ({ c, ctx, input }) =>
        ok(c, await sandboxMoveCardOrder({ ctx, input: { orderId: input.params.orderId, move } }), {
          message: `Order ${MOVE_DONE[move]}`,
        }),
    }),
  ),
]);
