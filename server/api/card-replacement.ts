import { twoFactorBodySchema } from "@/lib/contracts/card-account";
import { replaceCardSchema, replacedCardSchema } from "@/lib/contracts/card-replacement";
import { cardTargetSchema } from "@/lib/contracts/cards";
import { replaceCard } from "@/server/cards/replacement/replace";
import { created } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";

/**
 * Card replacement (docs/card-replacement.md). One route: the program, an API key or the
 * cardholder (their own card) replaces a card lost, stolen, damaged or expired. A retry with the
 * same Idempotency-Key answers the first result; without one, a second call is
 * CARD_ALREADY_REPLACED, as a card is replaced once.
 */
export const cardReplacementRoutes = [
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/customers/{svcCardId}/cards/{cardId}/replace",
    summary: "Replace a card (lost, stolen, damaged, expired)",
    description:
      "Issues a new card of the same type, linked both ways (replacement_for on the new card, replaced_by on " +
      "the old), with the old card's spending controls, PIN (where the provider keeps it) and metadata. lost " +
      "and stolen first report the old card (card.lost / card.stolen); damaged keeps it usable until the new " +
      "card is activated (a virtual one at once); expired keeps it until its expiry. A physical card ships to " +
      "`shipping`, or to the old card's order. Raises card.replaced for the old card and card.created " +
      "(virtual) or card.shipping.updated (physical) for the new. A user access token must send a current " +
      "TOTP code in X-2FA-Token (or body two_factor_token); API-key credentials and cardholders do not.",
    tags: ["Cards"],
    operationId: "replaceCard",
    auth: "replaceCard",
    request: { params: cardTargetSchema, body: replaceCardSchema.extend(twoFactorBodySchema.shape) },
    response: { status: 201, data: replacedCardSchema },
    errors: [
      "NOT_FOUND",
      "CARD_ALREADY_REPLACED",
      "CARD_NOT_REPLACEABLE",
      "SHIPPING_REQUIRED",
      "CARD_LIMIT_REACHED",
      "WALLET_NOT_DEPLOYED",
    ],
    handler: async ({ c, ctx, input, twoFactorCode }) => {
      const { two_factor_token: _code, ...body } = input.body;
      return created(c, await replaceCard({ ctx, input: { ...input.params, body, twoFactorCode } }), {
        message: "Card replaced",
      });
    },
  }),
];
