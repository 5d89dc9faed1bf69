import { transactionParamsSchema } from "@/lib/contracts/card-transactions";
import { cardTargetSchema, customerTargetSchema } from "@/lib/contracts/cards";
import { metadataResultSchema, metadataUpdateSchema } from "@/lib/contracts/metadata";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import {
  updateCardMetadata,
  updateCustomerMetadata,
  updateTransactionMetadata,
} from "@/server/issuer/metadata";

/**
 * Metadata updates (docs/metadata.md), Stripe-style: the keys given are set, a key set to "" is
 * removed, the keys not named are kept. Scope `write`; card envelope.
 */
const UPDATE =
  'Sets the keys given, removes a key set to "", keeps the rest; answers the whole metadata. ' +
  "At most 50 keys of up to 40 characters, values strings of up to 500 characters " +
  "(VALIDATION_ERROR naming the key otherwise, also when the result would hold more than 50).";
const ERRORS = ["NOT_FOUND", "VALIDATION_ERROR"] as const;

export const metadataRoutes = [
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/customers/{svcCardId}/metadata",
    summary: "Update a customer's metadata",
    description: UPDATE,
    tags: ["Customers"],
    operationId: "updateCustomerMetadata",
    auth: "updateCustomerMetadata",
    request: { params: customerTargetSchema, body: metadataUpdateSchema },
    response: { data: metadataResultSchema },
    errors: [...ERRORS],
    handler: async ({ c, ctx, input }) =>
      ok(c, await updateCustomerMetadata({ ctx, input: { ...input.params, ...input.body } }), {
        message: "Metadata updated",
      }),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/customers/{svcCardId}/cards/{cardId}/metadata",
    summary: "Update a card's metadata",
    description: UPDATE,
    tags: ["Cards"],
    operationId: "updateCardMetadata",
    auth: "updateCardMetadata",
    request: { params: cardTargetSchema, body: metadataUpdateSchema },
    response: { data: metadataResultSchema },
    errors: [...ERRORS],
    handler: async ({ c, ctx, input }) =>
      ok(c, await updateCardMetadata({ ctx, input: { ...input.params, ...input.body } }), {
        message: "Metadata updated",
      }),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/card-issuer/card-transactions/{transactionId}/metadata",
    summary: "Update a card transaction's metadata",
    description: UPDATE,
    tags: ["Transactions"],
    operationId: "updateTransactionMetadata",
    auth: "updateTransactionMetadata",
    request: { params: transactionParamsSchema, body: metadataUpdateSchema },
    response: { data: metadataResultSchema },
    errors: [...ERRORS],
    handler: async ({ c, ctx, input }) =>
      ok(c, await updateTransactionMetadata({ ctx, input: { ...input.params, ...input.body } }), {
        message: "Metadata updated",
      }),
  }),
];
