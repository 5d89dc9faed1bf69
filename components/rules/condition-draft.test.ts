import { describe, expect, it } from "vitest";
import { authRuleInputSchema, type RuleCondition, ruleConditionSchema } from "@/lib/contracts/auth-rules";
import { describeConditions } from "@/lib/controls/rule-words";
import {
  CONDITION_FIELDS,
  type ConditionDraft,
  emptyDraft,
  FIELD_OPS,
  fromCondition,
  isSayable,
  toCondition,
} from "./condition-draft";

/** One filled-in draft of every kind, as a person would type it in the builder. */
const typed: Record<(typeof CONDITION_FIELDS)[number], Partial<ConditionDraft>> = {
  amount: { op: "gte", value: "250.5" },
  currency: { op: "not_in", values: ["EUR", "GBP"] },
  mcc: { list: "gambling, 5814;5812" },
  merchant_country: { op: "not_in", list: "de fr  IT" },
  merchant_name: { op: "starts_with", value: "  Casino " },
  card_type: { values: ["physical"] },
  customer: { list: "sc_abc,sc_def" },
  velocity: {
    measure: "amount",
    scope: "customer",
    windowMinutes: "1440",
    value: "300",
    mcc: "cash",
    countries: "us",
  },
};

describe("the rule builder's drafts", () => {
  it("offers for each kind exactly the comparisons the contract takes", () => {
    for (const field of CONDITION_FIELDS)
      for (const op of FIELD_OPS[field]) {
        const condition = toCondition({ ...emptyDraft(field), ...typed[field], op });
        expect(ruleConditionSchema.safeParse(condition).success, `${field} ${op}`).toBe(true);
      }
  });

  it("turns what was typed into the contract's conditions: lists split, countries upper-cased, numbers parsed", () => {
    const conditions = CONDITION_FIELDS.map((f) => toCondition({ ...emptyDraft(f), ...typed[f] }));
    const parsed = authRuleInputSchema.parse({ name: "Everything", conditions });
    expect(parsed.conditions).toEqual([
      { field: "amount", op: "gte", value: 250.5 },
      { field: "currency", op: "not_in", values: ["EUR", "GBP"] },
      { field: "mcc", op: "in", values: ["gambling", "5814", "5812"] },
      { field: "merchant_country", op: "not_in", values: ["DE", "FR", "IT"] },
      { field: "merchant_name", op: "starts_with", value: "Casino" },
      { field: "card_type", op: "in", values: ["physical"] },
      { field: "customer", op: "in", values: ["sc_abc", "sc_def"] },
      {
        field: "velocity",
        measure: "amount",
        scope: "customer",
        window_minutes: 1440,
        op: "gt",
        value: 300,
        mcc: ["cash"],
        merchant_countries: ["US"],
      },
    ]);
    expect(describeConditions(parsed.conditions)).toBe(
      "Decline when amount at least 250.5 and currency is none of EUR, GBP and category is one of " +
        "Gambling and betting, Fast food and cafés, Restaurants and merchant country is none of DE, FR, IT " +
        'and merchant name starts with "Casino" and card type is one of physical and customer is one of ' +
        "sc_abc, sc_def and amount spent by the customer in the last 1440 minutes on Cash and quasi-cash " +
        "in US above 300.",
    );
  });

  it("gives a stored condition back to the form unchanged (an edit starts from the current version)", () => {
    const conditions = CONDITION_FIELDS.map((f) =>
      ruleConditionSchema.parse(toCondition({ ...emptyDraft(f), ...typed[f] })),
    );
    for (const c of conditions) expect(ruleConditionSchema.parse(toCondition(fromCondition(c)))).toEqual(c);
  });

  it("keeps a half-typed condition out of the preview and lets the server name a bad number", () => {
    const blank = toCondition(emptyDraft("amount"));
    expect(isSayable(blank)).toBe(false);
    expect(isSayable(toCondition(emptyDraft("mcc")))).toBe(false);
    const result = authRuleInputSchema.safeParse({ name: "x", conditions: [blank] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(["conditions", 0, "value"]);
    const velocity: RuleCondition = toCondition({ ...emptyDraft("velocity"), value: "5" });
    expect(isSayable(velocity)).toBe(true);
    expect(ruleConditionSchema.parse(velocity)).toMatchObject({
      measure: "count",
      scope: "card",
      window_minutes: 60,
    });
  });
});
