import { activatedCardSchema, createdCardSchema } from "@/lib/contracts/card-account";
import { cardOrderParamsSchema, cardOrderSchema } from "@/lib/contracts/card-orders";
import { sandboxRenewalSchema } from "@/lib/contracts/card-replacement";
import { cardIdParamsSchema, customerTargetSchema } from "@/lib/contracts/cards";
import { sandboxStatementSchema, statementSummarySchema } from "@/lib/contracts/statements";
import { sandboxRenewCard } from "@/server/cards/expiry/sandbox-renew";
import { activatePhysicalCard, issuePhysicalCard } from "@/server/cards/lifecycle/physical";
import { onboardingPreconditionErrors } from "@/server/cards/onboarding/progress";
import { SANDBOX_ORDER_MOVES, sandboxMoveCardOrder } from "@/server/cards/physical/use-cases";
import { created, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { sandboxIssueStatement } from "@/server/issuer/statements/sandbox";
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
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/cards/{cardId}/renew",
    summary: "Sandbox: renew a card now",
    description:
      "Sandbox only (404 in live mode). The daily renewal (docs/card-replacement.md, Expiry and renewal) " +
      "run now for this card, as if its expiry were within the renewal window: card.expiring (once per " +
      "card; it carries the card's real expiry), then the replacement with reason expired (card.replaced; " +
      "card.created for a virtual card, an order for a physical one), in one transaction. The old card " +
      "keeps working until its expiry. Replaced already: CARD_ALREADY_REPLACED; not active or frozen: " +
      "CARD_NOT_REPLACEABLE; a replacement refused (CARD_LIMIT_REACHED, SHIPPING_REQUIRED, ...) changes nothing.",
    tags: ["Sandbox"],
    operationId: "sandboxRenewCard",
    auth: "sandboxRenewCard",
    request: { params: cardIdParamsSchema },
    response: { data: sandboxRenewalSchema },
    errors: [
      "NOT_FOUND",
      "CARD_ALREADY_REPLACED",
      "CARD_NOT_REPLACEABLE",
      "CARD_LIMIT_REACHED",
      "SHIPPING_REQUIRED",
      "WALLET_NOT_DEPLOYED",
      "CONFLICT",
    ],
    handler: async ({ c, ctx, input }) =>
      ok(c, await sandboxRenewCard({ ctx, input: input.params }), { message: "Card renewed" }),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/sandbox/customers/{svcCardId}/statements",
    summary: "Sandbox: write a customer's statement now",
    description:
      "Sandbox only (404 in live mode). The statement job's write (docs/statements.md) for this customer " +
      "and a month that ended, now: the statement from the ledger and statement.created, in one transaction. " +
      "period (YYYY-MM, the program's time zone) defaults to last month and goes back at most 24 months " +
      "(before the customer's account: an empty statement). A month written already: CONFLICT " +
      "(data.statement_id); the current month or later: VALIDATION_ERROR; no card account balance yet: " +
      "WALLET_NOT_DEPLOYED.",
    tags: ["Sandbox"],
    operationId: "sandboxIssueStatement",
    auth: "sandboxIssueStatement",
    request: { params: customerTargetSchema, body: sandboxStatementSchema },
    response: { status: 201, data: statementSummarySchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR", "CONFLICT", "WALLET_NOT_DEPLOYED"],
    handler: async ({ c, ctx, input }) =>
      created(
        c,
        await sandboxIssueStatement({ ctx, input: { svcCardId: input.params.svcCardId, ...input.body } }),
        "Statement written",
      ),
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
