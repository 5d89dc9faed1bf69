import { cardTargetSchema, customerTargetSchema } from "@/lib/contracts/cards";
import {
  spendingControlsInputSchema,
  spendingControlsViewSchema,
  spendLimitsViewSchema,
} from "@/lib/contracts/spending-controls";
import { getSpendLimits } from "@/server/controls/spend-limits";
import {
  getCardSpendingControls,
  getCustomerSpendingControls,
  getProgramSpendingControls,
  replaceCardSpendingControls,
  replaceCustomerSpendingControls,
  replaceProgramSpendingControls,
} from "@/server/controls/store";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";

/**
 * Spending controls (docs/spending-controls.md): one shape on a card, a customer and the program;
 * every level applies to an authorization. Reads need `read`, changes `write`; a cardholder's
 * session token may read its own card's and only lower them.
 */
const TAGS = ["Spending controls"];
const CARD = "/api/v1/svc-card/customers/{svcCardId}/cards/{cardId}";
const CUSTOMER = "/api/v1/svc-card/customers/{svcCardId}";
const SHAPE =
  "spending_limits [{amount, interval, categories?}], count_limits [{count, interval}], allowed_ or " +
  "blocked_categories (MCCs or group names), allowed_ or blocked_merchant_countries (ISO alpha-2). " +
  "The whole object is replaced; allowed and blocked lists of one kind together are a VALIDATION_ERROR. " +
  "Amounts count in the card account's billing currency. Raises card.spending_controls.updated.";
const ERRORS = ["NOT_FOUND", "VALIDATION_ERROR"] as const;

export const spendingControlRoutes = [
  defineRoute({
    method: "get",
    path: `${CARD}/spending-controls`,
    summary: "A card's spending controls",
    description: "The card's own controls (the customer's and the program's apply too).",
    tags: TAGS,
    operationId: "getCardSpendingControls",
    auth: "getCardSpendingControls",
    request: { params: cardTargetSchema },
    response: { data: spendingControlsViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getCardSpendingControls({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "put",
    path: `${CARD}/spending-controls`,
    summary: "Replace a card's spending controls",
    description: `${SHAPE} A cardholder may only lower limits or add new ones.`,
    tags: TAGS,
    operationId: "replaceCardSpendingControls",
    auth: "replaceCardSpendingControls",
    request: { params: cardTargetSchema, body: spendingControlsInputSchema },
    response: { data: spendingControlsViewSchema },
    errors: [...ERRORS],
    handler: async ({ c, ctx, input }) =>
      ok(c, await replaceCardSpendingControls({ ctx, input: { ...input.params, controls: input.body } }), {
        message: "Spending controls saved",
      }),
  }),
  defineRoute({
    method: "get",
    path: `${CARD}/spend-limits`,
    summary: "What is left to spend on a card",
    description:
      "Every limit that applies to the card (its own, its customer's, the program's) with limit, used, " +
      "remaining and resets_at (ISO 8601 in the program's time zone, named in time_zone).",
    tags: TAGS,
    operationId: "getCardSpendLimits",
    auth: "getSpendLimits",
    request: { params: cardTargetSchema },
    response: { data: spendLimitsViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getSpendLimits({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "get",
    path: `${CUSTOMER}/spending-controls`,
    summary: "A customer's spending controls",
    description: "Limits here count across all the customer's cards.",
    tags: TAGS,
    operationId: "getCustomerSpendingControls",
    auth: "getCustomerSpendingControls",
    request: { params: customerTargetSchema },
    response: { data: spendingControlsViewSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await getCustomerSpendingControls({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "put",
    path: `${CUSTOMER}/spending-controls`,
    summary: "Replace a customer's spending controls",
    description: SHAPE,
    tags: TAGS,
    operationId: "replaceCustomerSpendingControls",
    auth: "replaceCustomerSpendingControls",
    request: { params: customerTargetSchema, body: spendingControlsInputSchema },
    response: { data: spendingControlsViewSchema },
    errors: [...ERRORS],
    handler: async ({ c, ctx, input }) =>
      ok(
        c,
        await replaceCustomerSpendingControls({ ctx, input: { ...input.params, controls: input.body } }),
        {
          message: "Spending controls saved",
        },
      ),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/card-issuer/spending-controls",
    summary: "The program's default spending controls",
    description: "They apply to every card (limits count per card) beside its own and its customer's.",
    tags: TAGS,
    operationId: "getProgramSpendingControls",
    auth: "getProgramSpendingControls",
    response: { data: spendingControlsViewSchema },
    handler: async ({ c, ctx }) => ok(c, await getProgramSpendingControls({ ctx })),
  }),
  defineRoute({
    method: "put",
    path: "/api/v1/card-issuer/spending-controls",
    summary: "Replace the program's default spending controls",
    description: SHAPE,
    tags: TAGS,
    operationId: "replaceProgramSpendingControls",
    auth: "replaceProgramSpendingControls",
    request: { body: spendingControlsInputSchema },
    response: { data: spendingControlsViewSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await replaceProgramSpendingControls({ ctx, input: input.body }), {
        message: "Spending controls saved",
      }),
  }),
];
