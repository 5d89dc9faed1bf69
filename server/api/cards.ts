import {
  blockedCardSchema,
  createdCardSchema,
  disputeReasonsBodySchema,
  frozenCardSchema,
  myAccountSchema,
  reportedCardSchema,
  twoFactorBodySchema,
  unblockedCardSchema,
  unfrozenCardSchema,
  viewTokenResponseSchema,
  voidedCardSchema,
} from "@/lib/contracts/card-account";
import {
  cardTargetSchema,
  customerTargetSchema,
  ibanStatusSchema,
  reportCardSchema,
  viewTokenSchema,
} from "@/lib/contracts/cards";
import {
  blockCard,
  freezeCard,
  reportCard,
  unblockCard,
  unfreezeCard,
  voidCard,
} from "@/server/cards/lifecycle/change-status";
import { createVirtualCard } from "@/server/cards/lifecycle/create-virtual";
import { listDisputeReasons } from "@/server/cards/lifecycle/dispute-reasons";
import { getIbanStatus } from "@/server/cards/lifecycle/iban";
import { createViewToken } from "@/server/cards/lifecycle/view-token";
import { getMyAccount } from "@/server/cards/my-account";
import { onboardingPreconditionErrors } from "@/server/cards/onboarding/progress";
import { created, ok } from "@/server/http/envelopes";
import { sendJson } from "@/server/http/responses";
import { defineRoute } from "@/server/http/route";

/**
 * Cards (docs/card-program.md, Cards; PIN and the hosted secure page): creation, status changes, the
 * secure view token, dispute reasons, IBAN status and the cardholder's own account. Card
 * envelope. Reads need `read`, changes `write`; a cardholder's session token is admitted too and
 * limited to its own account (server/cards/customers/find.ts).
 */
const TAGS = ["Cards"];
const MANAGE = "/api/v1/svc-card/customers/{svcCardId}/cards/{cardId}";
// Every card status change asks a person for the 2FA step-up (lib/contracts/permissions.ts, stepUp).
const TWO_FA =
  "A user access token must send a current TOTP code in X-2FA-Token (or " +
  "body two_factor_token); API-key credentials and cardholders do not.";

export const cardRoutes = [
  defineRoute({
    method: "get",
    path: "/api/v1/svc-card/my-account",
    summary: "The cardholder's own account",
    description:
      "For a cardholder's session token only: onboarding step and next " +
      "action, KYC status, currency, wallet, pin_set and the cards (each " +
      "with pin_set). Any other credential gets 403 INSUFFICIENT_PERMISSION.",
    tags: ["Customers"],
    operationId: "getMyAccount",
    auth: "getMyAccount",
    response: { data: myAccountSchema },
    handler: async ({ c, ctx }) => ok(c, await getMyAccount({ ctx })),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/{svcCardId}/cards/virtual",
    summary: "Create a virtual card",
    description:
      "Active at once, without a PIN (set one through view-token). Checks, " +
      "in order, and names the first missing: EMAIL_NOT_VERIFIED, " +
      "KYC_REJECTED / KYC_NOT_APPROVED, SOURCE_OF_FUNDS_REQUIRED, " +
      "PHONE_NOT_VERIFIED, WALLET_NOT_DEPLOYED, CARD_LIMIT_REACHED (5 cards " +
      "in use; voided, lost and stolen do not count). The first card moves " +
      "the customer to step 6 (active). Raises card.created (card_id = the " +
      "card token).",
    tags: TAGS,
    operationId: "createVirtualCard",
    auth: "createVirtualCard",
    request: { params: customerTargetSchema },
    response: { status: 201, data: createdCardSchema },
    errors: [
      "NOT_FOUND",
      ...onboardingPreconditionErrors("phone"),
      "WALLET_NOT_DEPLOYED",
      "CARD_LIMIT_REACHED",
    ],
    handler: async ({ c, ctx, input }) =>
      created(c, await createVirtualCard({ ctx, input: input.params }), "Card created"),
  }),
  defineRoute({
    method: "post",
    path: `${MANAGE}/freeze`,
    summary: "Freeze a card",
    description:
      `Active -> frozen: new transactions are declined. Not before a physical card is activated ` +
      `(CARD_NOT_ACTIVATED); any other state is CARD_NOT_ACTIVE. Raises card.frozen. ${TWO_FA}`,
    tags: TAGS,
    operationId: "freezeCard",
    auth: "freezeCard",
    request: { params: cardTargetSchema, body: twoFactorBodySchema.optional() },
    response: { data: frozenCardSchema },
    errors: ["NOT_FOUND", "CARD_NOT_ACTIVE", "CARD_NOT_ACTIVATED"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(
        c,
        await freezeCard({
          ctx,
          input: { ...input.params, twoFactorCode },
        }),
        { message: "Card frozen" },
      ),
  }),
  defineRoute({
    method: "post",
    path: `${MANAGE}/unfreeze`,
    summary: "Unfreeze a card",
    description:
      `Frozen -> active. Only a frozen card (CARD_NOT_FROZEN for an active one; CARD_NOT_ACTIVE for ` +
      `blocked, lost, stolen, voided). Raises card.unfrozen with status active. ${TWO_FA}`,
    tags: TAGS,
    operationId: "unfreezeCard",
    auth: "unfreezeCard",
    request: { params: cardTargetSchema, body: twoFactorBodySchema.optional() },
    response: { data: unfrozenCardSchema },
    errors: ["NOT_FOUND", "CARD_NOT_FROZEN", "CARD_NOT_ACTIVE"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(
        c,
        await unfreezeCard({
          ctx,
          input: { ...input.params, twoFactorCode },
        }),
        { message: "Card unfrozen" },
      ),
  }),
  defineRoute({
    method: "post",
    path: `${MANAGE}/void`,
    summary: "Void a virtual card",
    description:
      "Permanent: cancelled on the card network at once. Virtual cards only " +
      "(422 VIRTUAL_CARD_ONLY; freeze a physical card instead); a voided or " +
      `stolen card is 409 CARD_ALREADY_VOIDED. Raises card.voided. ${TWO_FA}`,
    tags: TAGS,
    operationId: "voidCard",
    auth: "voidCard",
    request: { params: cardTargetSchema, body: twoFactorBodySchema.optional() },
    response: { data: voidedCardSchema },
    errors: ["NOT_FOUND", "VIRTUAL_CARD_ONLY", "CARD_ALREADY_VOIDED"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(c, await voidCard({ ctx, input: { ...input.params, twoFactorCode } }), {
        message: "Card voided",
      }),
  }),
  defineRoute({
    method: "post",
    path: `${MANAGE}/report`,
    summary: "Report a card lost or stolen",
    description:
      "Permanent. reason lost -> status lost (card.lost); stolen -> reads as " +
      "voided with is_stolen (card.stolen). Refused (CARD_ALREADY_REPORTED) " +
      "once the card is marked lost or stolen, CARD_ALREADY_VOIDED when " +
      `voided. ${TWO_FA}`,
    tags: TAGS,
    operationId: "reportCard",
    auth: "reportCard",
    request: { params: cardTargetSchema, body: reportCardSchema.extend(twoFactorBodySchema.shape) },
    response: { data: reportedCardSchema },
    errors: ["NOT_FOUND", "CARD_ALREADY_REPORTED", "CARD_ALREADY_VOIDED"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(c, await reportCard({ ctx, input: { ...input.params, reason: input.body.reason, twoFactorCode } }), {
        message: "Card reported",
      }),
  }),
  defineRoute({
    method: "post",
    path: `${MANAGE}/block`,
    summary: "Block a card (program)",
    description:
      "The card program's block (compliance), from active or frozen; " +
      "is_blocked true. Not for cardholders. Raises card.deactivated with " +
      `status blocked. ${TWO_FA}`,
    tags: TAGS,
    operationId: "blockCard",
    auth: "blockCard",
    request: { params: cardTargetSchema, body: twoFactorBodySchema.optional() },
    response: { data: blockedCardSchema },
    errors: ["NOT_FOUND", "CARD_ALREADY_BLOCKED", "CARD_NOT_BLOCKED", "CARD_NOT_ACTIVE"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(c, await blockCard({ ctx, input: { ...input.params, twoFactorCode } }), {
        message: "Card blocked",
      }),
  }),
  defineRoute({
    method: "post",
    path: `${MANAGE}/unblock`,
    summary: "Unblock a card (program)",
    description:
      "Lifts the program's block: back to frozen if the card was frozen " +
      "before, else active (card.frozen or card.unfrozen). Not for " +
      `cardholders. ${TWO_FA}`,
    tags: TAGS,
    operationId: "unblockCard",
    auth: "unblockCard",
    request: { params: cardTargetSchema, body: twoFactorBodySchema.optional() },
    response: { data: unblockedCardSchema },
    errors: ["NOT_FOUND", "CARD_ALREADY_BLOCKED", "CARD_NOT_BLOCKED", "CARD_NOT_ACTIVE"],
    handler: async ({ c, ctx, input, twoFactorCode }) =>
      ok(c, await unblockCard({ ctx, input: { ...input.params, twoFactorCode } }), {
        message: "Card unblocked",
      }),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/svc-card/{svcCardId}/cards/{cardId}/view-token",
    summary: "A secure view of the card (PIN, details)",
    description:
      "A single-use URL (10 minutes) of the hosted secure page, to show in " +
      "an iframe (420x520 for the PIN form, 420x740 for details plus PIN). " +
      "The PIN, number and CVV never pass through this API. While the card " +
      "has no PIN: 422 PIN_NOT_SET with data.pin_setup_url, whatever " +
      "enabled_views asked. With a PIN: [pin] -> the PIN change form, [data, " +
      "pin] (or [data]) -> details plus PIN. data.pin_set is on every " +
      "answer. theme: the program's theme with these fields on top. Voided, " +
      "lost, stolen and blocked cards: CARD_NOT_ACTIVE; frozen cards are " +
      "allowed.",
    tags: TAGS,
    operationId: "createCardViewToken",
    auth: "createViewToken",
    carriesSecret: true,
    request: { params: cardTargetSchema, body: viewTokenSchema },
    response: { data: viewTokenResponseSchema },
    errors: ["NOT_FOUND", "PIN_NOT_SET", "CARD_NOT_ACTIVE"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await createViewToken({ ctx, input: { ...input.params, ...input.body } })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/svc-card/{svcCardId}/transactions/dispute-reasons",
    summary: "Dispute reasons",
    description:
      "The reasons a card transaction can be disputed for. " +
      'Answers {status: "success", message, data} as the interface states.',
    tags: ["Disputes"],
    operationId: "listDisputeReasons",
    auth: "listDisputeReasons",
    request: { params: customerTargetSchema },
    response: { body: disputeReasonsBodySchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) =>
      sendJson(c, 200, {
        status: "success",
        message: "Dispute reasons",
        data: await listDisputeReasons({ ctx, input: input.params }),
      }),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/svc-card/{svcCardId}/iban/status",
    summary: "IBAN status",
    description:
      "The card account's IBAN for SEPA top-ups: offered for EUR accounts " +
      "with a deployed wallet (sandbox: a stable test IBAN); otherwise " +
      "activated false with the reason in profile_status and usage.",
    tags: ["Customers"],
    operationId: "getIbanStatus",
    auth: "getIbanStatus",
    request: { params: customerTargetSchema },
    response: { data: ibanStatusSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await getIbanStatus({ ctx, input: input.params })),
  }),
];
