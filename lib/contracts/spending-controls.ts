import { z } from "zod";
import {
  CONTROL_LEVEL_VALUES,
  DECLINE_REASON_CODE_VALUES,
  SPENDING_INTERVAL_VALUES,
  type SpendingInterval,
} from "@/lib/enums";
import { isMccGroup, MCC_GROUP_VALUES } from "@/lib/mcc";
import { amountSchema } from "./amount";
import { cardTargetSchema, customerTargetSchema } from "./cards";

/**
 * Spending controls (docs/spending-controls.md): one shape on a card, on a card customer and as
 * the program's default. Amounts are in the card account's billing currency. A request gives
 * amounts in major units; the stored and answered form keeps minor units beside them.
 */

export { CONTROL_LEVEL_VALUES, DECLINE_REASON_CODE_VALUES, SPENDING_INTERVAL_VALUES };

export const categorySchema = z
  .string()
  .trim()
  .refine((c) => /^\d{4}$/.test(c) || isMccGroup(c), {
    message: `An MCC of 4 digits (e.g. 5814) or a group: ${MCC_GROUP_VALUES.join(", ")}.`,
  })
  .describe("An MCC (4 digits) or a named MCC group (lib/mcc.ts MCC_GROUPS).");
export const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "A two-letter ISO 3166 country code, e.g. DE.");

const categoryList = z.array(categorySchema).min(1).max(200);
const countryList = z.array(countrySchema).min(1).max(250);
const intervalSchema = z.enum(SPENDING_INTERVAL_VALUES);

const listFields = {
  allowed_categories: categoryList.optional().describe("Only these MCCs or groups may be charged."),
  blocked_categories: categoryList.optional().describe("These MCCs or groups are declined."),
  allowed_merchant_countries: countryList.optional().describe("Only merchants in these countries."),
  blocked_merchant_countries: countryList.optional().describe("Merchants in these countries are declined."),
};

/** Allowed and blocked lists of one kind exclude each other. */
function exclusiveLists(
  value: {
    allowed_categories?: string[];
    blocked_categories?: string[];
    allowed_merchant_countries?: string[];
    blocked_merchant_countries?: string[];
  },
  ctx: z.RefinementCtx,
) {
  if (value.allowed_categories && value.blocked_categories)
    ctx.addIssue({
      code: "custom",
      path: ["blocked_categories"],
      message: "Give allowed_categories or blocked_categories, not both.",
    });
  if (value.allowed_merchant_countries && value.blocked_merchant_countries)
    ctx.addIssue({
      code: "custom",
      path: ["blocked_merchant_countries"],
      message: "Give allowed_merchant_countries or blocked_merchant_countries, not both.",
    });
}

export const spendingControlsInputSchema = z
  .object({
    spending_limits: z
      .array(
        z.object({
          amount: amountSchema.describe("The most that may be spent in the interval, major units."),
          interval: intervalSchema,
          categories: categoryList.optional().describe("Counts only purchases in these categories."),
        }),
      )
      .max(20)
      .default([]),
    count_limits: z
      .array(
        z.object({
          count: z.number().int().min(1).max(1_000_000),
          interval: intervalSchema.exclude(["per_authorization"]),
        }),
      )
      .max(20)
      .default([]),
    ...listFields,
  })
  .superRefine(exclusiveLists);
export type SpendingControlsInput = z.output<typeof spendingControlsInputSchema>;

/** What is stored and answered: amounts in minor units too. */
export interface StoredSpendingLimit {
  amount_minor: number;
  interval: SpendingInterval;
  categories?: string[];
}
export interface StoredSpendingControls {
  spending_limits: StoredSpendingLimit[];
  count_limits: { count: number; interval: Exclude<SpendingInterval, "per_authorization"> }[];
  allowed_categories?: string[];
  blocked_categories?: string[];
  allowed_merchant_countries?: string[];
  blocked_merchant_countries?: string[];
}

export const spendingControlsViewSchema = z.object({
  level: z.enum(CONTROL_LEVEL_VALUES),
  spending_controls: z.object({
    spending_limits: z.array(
      z.object({
        amount: z.number(),
        amount_minor: z.number().int(),
        interval: intervalSchema,
        categories: z.array(z.string()).optional(),
      }),
    ),
    count_limits: z.array(
      z.object({ count: z.number().int(), interval: intervalSchema.exclude(["per_authorization"]) }),
    ),
    ...listFields,
  }),
  updated_at: z.string().nullable().describe("Null while nothing was ever set at this level."),
});
export type SpendingControlsView = z.infer<typeof spendingControlsViewSchema>;

/** GET .../cards/{cardId}/spend-limits: every limit that applies and what is left of it. */
export const spendLimitsViewSchema = z.object({
  time_zone: z.string().describe("The program's IANA time zone; windows start at its local midnight."),
  currency: z.string().describe("The card account's billing currency, in which limits count."),
  limits: z.array(
    z.object({
      level: z.enum(CONTROL_LEVEL_VALUES),
      kind: z.enum(["amount", "count"]),
      interval: intervalSchema,
      categories: z.array(z.string()).optional(),
      limit: z.number().describe("Major units for an amount limit, a number of purchases for a count."),
      used: z.number(),
      remaining: z.number(),
      resets_at: z
        .string()
        .nullable()
        .describe("ISO 8601 with the zone's offset; null for all_time and per_authorization."),
    }),
  ),
});
export type SpendLimitsView = z.infer<typeof spendLimitsViewSchema>;

/** The program's time zone (GET/PUT /api/v1/svc-card/settings/time-zone). */
export const timeZoneSchema = z.object({
  time_zone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(isIanaZone, { message: "An IANA time zone, e.g. Europe/Berlin or UTC." })
    .describe("IANA time zone of the program's daily, weekly and monthly windows (default UTC)."),
});

export function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** decline_rule on a declined card transaction: the level (or rule) and the limit that declined it. */
export const declineRuleSchema = z
  .object({
    level: z.enum([...CONTROL_LEVEL_VALUES, "rule"]),
    rule_id: z.string().nullable().describe("The auth rule's id when a rule declined."),
    rule_version: z.number().int().nullable(),
    control: z.enum([
      "spending_limit",
      "count_limit",
      "allowed_categories",
      "blocked_categories",
      "allowed_merchant_countries",
      "blocked_merchant_countries",
      "auth_rule",
    ]),
    interval: intervalSchema.nullable(),
    limit: z.number().nullable().describe("The limit's amount (major units) or count."),
    description: z.string().describe("The rule in plain words."),
  })
  .describe("Which control or rule declined the authorization; null otherwise.");
export type DeclineRule = z.infer<typeof declineRuleSchema>;

/** The console's form of a card's controls (server/actions/spending-controls.ts). */
export const cardControlsActionSchema = cardTargetSchema.extend({ controls: spendingControlsInputSchema });
export type CardControlsActionInput = z.input<typeof cardControlsActionSchema>;
/** The console's forms of a customer's and the program's controls, and a cardholder's own card's. */
export const customerControlsActionSchema = customerTargetSchema.extend({
  controls: spendingControlsInputSchema,
});
export type CustomerControlsActionInput = z.input<typeof customerControlsActionSchema>;
export const programControlsActionSchema = z.object({ controls: spendingControlsInputSchema });
export type ProgramControlsActionInput = z.input<typeof programControlsActionSchema>;
export const myCardControlsActionSchema = cardTargetSchema
  .pick({ cardId: true })
  .extend({ controls: spendingControlsInputSchema });
export type MyCardControlsActionInput = z.input<typeof myCardControlsActionSchema>;
