import { z } from "zod";
import {
  cardViewSchema,
  CURRENCY_VALUES,
  disputeReasonSchema,
  FLOW_STATUS_VALUES,
  ibanStatusSchema,
  KYC_STATUS_VALUES,
} from "./cards";

/**
 * Contracts of the card actions and the cardholder's own-account view (docs/card-program.md): the
 * answers of create, freeze, unfreeze, void, report, block, activate and view-token, used by the
 * REST routes, the server actions and the pages.
 */

export const createdCardSchema = cardViewSchema.extend({ svc_card_id: z.string() });
export type CreatedCard = z.infer<typeof createdCardSchema>;

export const frozenCardSchema = z.object({
  svc_card_id: z.string(),
  card_id: z.string(),
  is_frozen: z.literal(true),
  frozen_at: z.string(),
});
export type FrozenCard = z.infer<typeof frozenCardSchema>;

export const unfrozenCardSchema = z.object({
  svc_card_id: z.string(),
  card_id: z.string(),
  is_frozen: z.literal(false),
  unfrozen_at: z.string(),
});
export type UnfrozenCard = z.infer<typeof unfrozenCardSchema>;

export const voidedCardSchema = z.object({
  svc_card_id: z.string(),
  card_id: z.string(),
  is_void: z.literal(true),
  voided_at: z.string(),
});
export type VoidedCard = z.infer<typeof voidedCardSchema>;

export const reportedCardSchema = z.object({
  svc_card_id: z.string(),
  card_id: z.string(),
  status: cardViewSchema.shape.status,
  is_lost: z.boolean(),
  is_stolen: z.boolean(),
  reported_at: z.string(),
});
export type ReportedCard = z.infer<typeof reportedCardSchema>;

/**
 * Program-side block (compliance) and its lifting. Unblocking returns the card to where it was: frozen if it
 * was frozen, else active.
 */
export const blockedCardSchema = z.object({
  svc_card_id: z.string(),
  card_id: z.string(),
  is_blocked: z.literal(true),
  blocked_at: z.string(),
});
export type BlockedCard = z.infer<typeof blockedCardSchema>;
export const unblockedCardSchema = z.object({
  svc_card_id: z.string(),
  card_id: z.string(),
  is_blocked: z.literal(false),
  status: cardViewSchema.shape.status,
  unblocked_at: z.string(),
});
export type UnblockedCard = z.infer<typeof unblockedCardSchema>;

export const activatedCardSchema = createdCardSchema;
export type ActivatedCard = CreatedCard;

/** Optional body of freeze/unfreeze: the TOTP code for a user access token (the X-2FA-Token header wins). */
export const twoFactorBodySchema = z.object({ two_factor_token: z.string().trim().max(16).optional() });

export const SECURE_VIEW_KINDS = ["pin_change", "details_and_pin"] as const;
/** pin_set is on every answer; the URL is single use and lives 10 minutes. */
export const viewTokenResponseSchema = z.object({
  pin_set: z.boolean(),
  secure_view_url: z.string(),
  view: z.enum(SECURE_VIEW_KINDS),
  expires_at: z.string(),
});
export type ViewTokenResponse = z.infer<typeof viewTokenResponseSchema>;

/** data of the 422 PIN_NOT_SET answer (PIN rule 2). */
export const pinNotSetDataSchema = z.object({
  pin_setup_url: z.string(),
  pin_set: z.literal(false),
  expires_at: z.string(),
});
export type PinNotSetData = z.infer<typeof pinNotSetDataSchema>;

/** The recommended iframe size of each hosted view. */
export const SECURE_VIEW_FRAME = {
  pin_setup: { width: 420, height: 520 },
  pin_change: { width: 420, height: 520 },
  details_and_pin: { width: 420, height: 740 },
} as const;

/** The dispute-reasons answer keeps its own envelope: {status: "success", message, data}. */
export const disputeReasonsBodySchema = z.object({
  status: z.literal("success"),
  message: z.string(),
  data: z.array(disputeReasonSchema),
});
export type IbanStatus = z.infer<typeof ibanStatusSchema>;

/**
 * GET /v1/svc-card/my-account: the signed-in cardholder's own account (the interface names only
 * cards[n].pin_set).
 */
export const myAccountSchema = z.object({
  svc_card_id: z.string(),
  email: z.string(),
  step: z.number().int().min(1).max(6),
  flow_status: z.enum(FLOW_STATUS_VALUES),
  next_action: z.string(),
  kyc_status: z.enum(KYC_STATUS_VALUES),
  currency: z.enum(CURRENCY_VALUES).nullable(),
  safe_deployed: z.boolean(),
  pin_set: z.boolean(),
  cards: z.array(cardViewSchema),
});
export type MyAccount = z.infer<typeof myAccountSchema>;
