import { z } from "zod";
import {
  CURRENCY_VALUES,
  FLOW_STATUS_VALUES,
  KYC_STATUS_VALUES,
  REPLACEMENT_REASON_VALUES,
  SAFE_STATE_VALUES,
} from "@/lib/enums";
import { metadataOutSchema, metadataSchema, metadataUpdateSchema } from "./metadata";

/**
 * Card program contracts (card customer, card, safe deployment response, source-of-funds question,
 * card IBAN status, dispute reason; docs/card-program.md): used by the REST routes, the server
 * actions, the dashboard and cardholder pages and OpenAPI.
 */

export { CURRENCY_VALUES, FLOW_STATUS_VALUES, KYC_STATUS_VALUES, SAFE_STATE_VALUES };
export const CARD_STATUS_VALUES = ["active", "frozen", "blocked", "lost", "voided"] as const;

export const svcCardIdSchema = z.string().min(1).max(64).describe("The customer's svc_card_id (sc_...).");
export const cardIdSchema = z.string().min(1).max(64).describe("The card's card_id (crd_...).");

/** The path of one customer's endpoints. */
export const customerTargetSchema = z.object({ svcCardId: svcCardIdSchema });
/** The path of a card alone (the sandbox card endpoints). */
export const cardIdParamsSchema = z.object({ cardId: cardIdSchema });
/** The path (and action input) naming one card of a customer. */
export const cardTargetSchema = z.object({ svcCardId: svcCardIdSchema, cardId: cardIdSchema });
/** The console's metadata editors (docs/metadata.md): the object, then the REST body. */
export const customerMetadataActionSchema = customerTargetSchema.extend(metadataUpdateSchema.shape);
export const cardMetadataActionSchema = cardTargetSchema.extend(metadataUpdateSchema.shape);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address.").max(254));
export const externalIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .describe("The issuer's own reference for the customer.");
/** E.164: + then 8 to 15 digits, the first not 0. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, "Use the international format, e.g. +447700900123.");
export const sixDigitCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code.");

// ---- Requests ---------------------------------------------------------------------------

export const startOnboardingSchema = z.object({
  email: emailSchema,
  external_id: externalIdSchema.optional(),
  metadata: metadataSchema.optional(),
});
export const createIssuerCustomerSchema = z.object({
  email: emailSchema,
  external_id: externalIdSchema,
  metadata: metadataSchema.optional(),
});
export const verifyOtpSchema = z.object({ otp: sixDigitCodeSchema });
export const sourceOfFundsQuerySchema = z.object({
  locale: z
    .string()
    .trim()
    .min(2)
    .max(10)
    .default("en")
    .describe("Language of labels; en, de, fr, es (others fall back to en)."),
});
export const sourceOfFundsAnswersSchema = z.object({
  answers: z
    .array(z.object({ question: z.string().min(1).max(64), answer: z.string().min(1).max(128) }))
    .min(1)
    .max(20),
});
export const phoneRequestSchema = z.object({ svc_card_id: svcCardIdSchema, phone: phoneSchema });
export const phoneVerifySchema = z.object({ svc_card_id: svcCardIdSchema, code: sixDigitCodeSchema });

const cssColor = z
  .string()
  .trim()
  .regex(
    /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
    "Use a hex color, e.g. #1a73e8.",
  );
/** The secure page's theme. Values are checked strictly: they end up in the secure page's CSS. */
export const secureThemeSchema = z
  .object({
    accent_color: cssColor.optional(),
    background_color: cssColor.optional(),
    panel_color: cssColor.optional(),
    text_color: cssColor.optional(),
    muted_color: cssColor.optional(),
    border_radius: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d)?(px|rem)$/, "Use px or rem, e.g. 12px.")
      .optional(),
    font_family: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 ,'"-]{1,120}$/, "Letters, digits, spaces, commas, quotes and hyphens only.")
      .optional(),
    logo_url: z
      .url({ protocol: /^https$/, error: "Use an https URL." })
      .max(2048)
      .optional(),
  })
  .strict();
export type SecureTheme = z.infer<typeof secureThemeSchema>;

const THEME_FIELDS = Object.keys(secureThemeSchema.shape) as (keyof SecureTheme)[];

/**
 * Keeps the fields of `raw` that pass the schema and drops the rest (unknown keys, bad values).
 * For values that did not come through a request validator: stored JSON, query parameters.
 */
export function validThemeFields(raw: unknown): SecureTheme {
  if (!raw || typeof raw !== "object") return {};
  const theme: Record<string, string> = {};
  for (const field of THEME_FIELDS) {
    const value = (raw as Record<string, unknown>)[field];
    if (value === undefined || value === null || value === "") continue;
    const parsed = secureThemeSchema.shape[field].safeParse(value);
    if (parsed.success && parsed.data !== undefined) theme[field] = parsed.data;
  }
  return theme as SecureTheme;
}

export const viewTokenSchema = z.object({
  enabled_views: z
    .array(z.enum(["pin", "data"]))
    .min(1)
    .max(2)
    .describe("[pin] for the PIN form; [data, pin] for card details plus PIN (only once a PIN is set)."),
  theme: secureThemeSchema.optional(),
});
export const reportCardSchema = z.object({ reason: z.enum(["lost", "stolen"]) });

// ---- Responses ------------------------------------------------------------------------

export const cardViewSchema = z.object({
  card_id: z.string(),
  last_four: z.string(),
  card_type: z.enum(["virtual", "physical"]),
  status: z.enum(CARD_STATUS_VALUES),
  is_frozen: z.boolean(),
  is_lost: z.boolean(),
  is_void: z.boolean(),
  is_blocked: z.boolean(),
  is_stolen: z.boolean(),
  pin_set: z.boolean(),
  activated_at: z.string().nullable(),
  exp_month: z.number().int().nullable().describe("The expiry month (1-12); the card is valid to its end."),
  exp_year: z.number().int().nullable().describe("The expiry year (four digits)."),
  replacement_for: z
    .string()
    .nullable()
    .describe("The card_id this card replaces (docs/card-replacement.md)."),
  replacement_reason: z
    .enum(REPLACEMENT_REASON_VALUES)
    .nullable()
    .describe("Why it replaced that card: lost, stolen, damaged or expired."),
  replaced_by: z.string().nullable().describe("The card_id of the card that replaced this one."),
  created_at: z.string(),
  metadata: metadataOutSchema,
});
export type CardView = z.infer<typeof cardViewSchema>;

/**
 * A card customer as the card issuer sees it. Balances are null while the customer has no balance
 * (no deployed wallet, or no balance opened for it yet): never a made-up number.
 */
export const cardCustomerViewSchema = z.object({
  svc_card_id: z.string(),
  external_id: z.string().nullable(),
  email: z.string(),
  flow_status: z.enum(FLOW_STATUS_VALUES),
  step: z.number().int().min(1).max(6),
  next_action: z.string(),
  kyc_status: z.enum(KYC_STATUS_VALUES),
  currency: z.enum(CURRENCY_VALUES).nullable(),
  safe_deployed: z.boolean(),
  ledger_balance: z.number().nullable(),
  available_balance: z.number().nullable(),
  pending_balance: z.number().nullable(),
  ledger_balance_minor: z.number().int().nullable(),
  available_balance_minor: z.number().int().nullable(),
  pending_balance_minor: z.number().int().nullable(),
  balance_freshness: z.enum(["realtime", "on_chain"]).nullable(),
  balance_updated_at: z.string().nullable(),
  cards_count: z.number().int(),
  pin_set: z.boolean(),
  cards: z.array(cardViewSchema),
  created_at: z.string(),
  metadata: metadataOutSchema,
});
export type CardCustomerView = z.infer<typeof cardCustomerViewSchema>;

/** Where a customer is in onboarding: the answer of every onboarding step. */
export const onboardingStateSchema = z.object({
  svc_card_id: z.string(),
  step: z.number().int().min(1).max(6),
  flow_status: z.enum(FLOW_STATUS_VALUES),
  next_action: z.string(),
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;

export const safeDeploymentSchema = z.object({
  deployment_accepted: z.boolean(),
  estimated_completion: z.string().optional(),
  next_step: z.string(),
  monitor_endpoint: z.string(),
  already_deployed: z.boolean(),
  safe_address: z.string().optional(),
  token_symbol: z.string(),
  fiat_symbol: z.string(),
  account_status: z.number().int().nullable(),
  account_status_meaning: z.string().nullable(),
  is_ready: z.boolean(),
  deploy_status: z.enum(SAFE_STATE_VALUES),
});
export type SafeDeployment = z.infer<typeof safeDeploymentSchema>;

export const sourceOfFundsQuestionSchema = z.object({
  question: z.string(),
  label: z.string(),
  options: z.array(z.string()),
});
export const ibanStatusSchema = z.object({
  activated: z.boolean(),
  profile_status: z.string(),
  iban: z.object({ iban: z.string(), bic: z.string(), currency: z.string(), status: z.string() }),
  usage: z.string(),
});
export const disputeReasonSchema = z.object({ reason_code: z.string(), description: z.string() });

/** The customers list (the dashboard and GET /v1/card-issuer/customers): lib/contracts/customer-list.ts. */
export * from "./customer-list";

/** The account wallet's (Safe's) integrity status (docs/architecture.md, Providers). */
export const ACCOUNT_STATUS_MEANINGS: Record<number, { name: string; meaning: string; ready: boolean }> = {
  0: { name: "Ok", meaning: "Deployed and configured; the card can spend.", ready: true },
  1: { name: "SafeNotDeployed", meaning: "No wallet yet.", ready: false },
  2: { name: "SafeMisconfigured", meaning: "Owners, threshold or modules are wrong.", ready: false },
  3: { name: "RolesNotDeployed", meaning: "The spending-roles module is missing.", ready: false },
  4: { name: "RolesMisconfigured", meaning: "The allowance is set up wrong.", ready: false },
  5: { name: "DelayNotDeployed", meaning: "The delay module is missing.", ready: false },
  6: { name: "DelayMisconfigured", meaning: "The delay owner or cooldown is wrong.", ready: false },
  7: {
    name: "DelayQueueNotEmpty",
    meaning: "Configured; a non-card transaction waits in the delay queue (card paused meanwhile).",
    ready: true,
  },
  8: { name: "UnexpectedError", meaning: "The check itself failed.", ready: false },
};

export const TOKEN_OF_CURRENCY = { USD: "USDCe", EUR: "EURe", GBP: "GBPe" } as const;
