import { z } from "zod";
import { AUTH_RULE_STATE_VALUES, CURRENCY_VALUES } from "@/lib/enums";
import { parseAmountToMinor } from "@/lib/money";
import { categorySchema, countrySchema } from "./spending-controls";

/**
 * Authorization rules (docs/spending-controls.md, The rule language): every condition must hold
 * for the rule to decline. Amounts are in the card account's billing currency, major units.
 */

export { AUTH_RULE_STATE_VALUES };

/** Major units as given (kept so in the rule), at most 2 decimals. */
const majorAmount = z
  .number()
  .positive()
  .refine((v) => parseAmountToMinor(v) !== null, { message: "A positive amount with at most 2 decimals." });
const comparison = z.enum(["gt", "gte", "lt", "lte"]);
const membership = z.enum(["in", "not_in"]);
const categories = z.array(categorySchema).min(1).max(200);
const countries = z.array(countrySchema).min(1).max(250);

export const ruleConditionSchema = z.discriminatedUnion("field", [
  z.object({ field: z.literal("amount"), op: comparison, value: majorAmount }),
  z.object({ field: z.literal("currency"), op: membership, values: z.array(z.enum(CURRENCY_VALUES)).min(1) }),
  z.object({ field: z.literal("mcc"), op: membership, values: categories }),
  z.object({ field: z.literal("merchant_country"), op: membership, values: countries }),
  z.object({
    field: z.literal("merchant_name"),
    op: z.enum(["contains", "equals", "starts_with"]),
    value: z.string().trim().min(1).max(100).describe("Compared without regard to case."),
  }),
  z.object({
    field: z.literal("card_type"),
    op: membership,
    values: z.array(z.enum(["virtual", "physical"])).min(1),
  }),
  z.object({
    field: z.literal("customer"),
    op: membership,
    values: z.array(z.string().min(1).max(64)).min(1).max(1000).describe("svc_card_ids."),
  }),
  z.object({
    field: z.literal("velocity"),
    measure: z.enum(["amount", "count"]),
    scope: z.enum(["card", "customer"]).default("card"),
    window_minutes: z.number().int().min(1).max(10080).describe("The trailing window, up to 7 days."),
    op: z.enum(["gt", "gte"]),
    value: z
      .number()
      .positive()
      .describe("Major units for amount, a number for count; this authorization included."),
    mcc: categories.optional().describe("Counts only these categories."),
    merchant_countries: countries.optional().describe("Counts only these countries."),
  }),
]);
/** A condition as stored: amounts in major units, as given. */
export type RuleCondition = z.output<typeof ruleConditionSchema>;

export const authRuleInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  conditions: z.array(ruleConditionSchema).min(1).max(20),
});
export type AuthRuleInput = z.output<typeof authRuleInputSchema>;

export const authRuleParamsSchema = z.object({ ruleId: z.string().min(1).max(64).describe("arl_...") });

export const authRuleStateChangeSchema = z.object({
  state: z
    .enum(["draft", "shadow", "retired"])
    .describe("Active only through POST .../promote (2FA step-up)."),
});

export const authRuleViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(AUTH_RULE_STATE_VALUES),
  version: z.number().int(),
  conditions: z.array(z.record(z.string(), z.unknown())),
  description: z.string().describe("The conditions in plain words."),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthRuleView = z.infer<typeof authRuleViewSchema>;

export const authRuleVersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  conditions: z.array(z.record(z.string(), z.unknown())),
  created_by: z.string().nullable(),
  created_at: z.string(),
});

export const authRuleDetailSchema = authRuleViewSchema.extend({ versions: z.array(authRuleVersionSchema) });
export const authRuleListSchema = z.object({ rules: z.array(authRuleViewSchema) });

const backtestRange = {
  from: z.iso.datetime({ offset: true }).describe("Start of the range (inclusive)."),
  to: z.iso.datetime({ offset: true }).describe("End of the range (exclusive); at most 92 days after from."),
};
/** The range's checks, shared by the REST body and the console's action. */
const checkRange = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((r) => Date.parse(r.to) > Date.parse(r.from), { message: "to must be after from.", path: ["to"] })
    .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= 92 * 86_400_000, {
      message: "A backtest covers at most 92 days.",
      path: ["to"],
    });
export const backtestInputSchema = checkRange(z.object(backtestRange));
/** The console's backtest (server/actions/auth-rules.ts). */
export const backtestActionSchema = checkRange(authRuleParamsSchema.extend(backtestRange));

export const backtestResultSchema = z.object({
  id: z.string(),
  rule_id: z.string(),
  version: z.number().int(),
  from: z.string(),
  to: z.string(),
  authorizations: z.number().int().describe("Authorizations in the range."),
  declined: z.number().int().describe("How many the rule would have declined."),
  declined_amount_minor: z
    .number()
    .int()
    .describe("Their billing amounts, summed (currencies mixed only if the program has several)."),
  declined_amount_by_currency: z.record(z.string(), z.number().int()),
  customers: z
    .array(z.object({ svc_card_id: z.string(), declined: z.number().int() }))
    .describe("At most 100, most hit first."),
  customers_total: z.number().int(),
  samples: z.array(
    z.object({
      transaction_id: z.string(),
      svc_card_id: z.string(),
      amount_minor: z.number().int(),
      currency: z.string(),
      merchant: z.string().nullable(),
      merchant_category: z.string().nullable(),
      merchant_country: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  created_at: z.string(),
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;
export const backtestListSchema = z.object({ backtests: z.array(backtestResultSchema) });

export const rulePerformanceQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).optional().describe("How many days back (default 30)."),
});

export const rulePerformanceSchema = z.object({
  rule_id: z.string(),
  days: z.array(
    z.object({
      day: z.string().describe("Local day in the program's time zone."),
      mode: z.enum(["shadow", "active"]),
      evaluated: z.number().int(),
      declined: z.number().int().describe("Declined (active) or would have declined (shadow)."),
      declined_amount_minor: z.number().int(),
    }),
  ),
  recent_hits: z.array(
    z.object({
      transaction_id: z.string(),
      mode: z.enum(["shadow", "active"]),
      version: z.number().int(),
      amount_minor: z.number().int(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type RulePerformance = z.infer<typeof rulePerformanceSchema>;

/** The console's state change of a rule (server/actions/auth-rules.ts). */
export const authRuleStateActionSchema = authRuleParamsSchema.extend(authRuleStateChangeSchema.shape);

/** The console's edit of a rule: a new version (server/actions/auth-rules.ts). */
export const authRuleUpdateActionSchema = authRuleParamsSchema.extend(authRuleInputSchema.shape);
