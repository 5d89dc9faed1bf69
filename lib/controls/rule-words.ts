import type { RuleCondition } from "@/lib/contracts/auth-rules";
import { categoryLabel } from "@/lib/mcc";

/** A rule's conditions in plain words: the API's `description` and the console's preview as a rule is written. */

/** The comparisons in words (also the conditions builder's choices, components/rules). */
export const RULE_OP_WORDS: Record<string, string> = {
  gt: "above",
  gte: "at least",
  lt: "below",
  lte: "at most",
  in: "is one of",
  not_in: "is none of",
  contains: "contains",
  equals: "is",
  starts_with: "starts with",
};

function one(c: RuleCondition): string {
  switch (c.field) {
    case "amount":
      return `amount ${RULE_OP_WORDS[c.op]} ${c.value}`;
    case "currency":
    case "card_type":
    case "customer":
      return `${c.field.replace("_", " ")} ${RULE_OP_WORDS[c.op]} ${c.values.join(", ")}`;
    case "mcc":
      return `category ${RULE_OP_WORDS[c.op]} ${c.values.map(categoryLabel).join(", ")}`;
    case "merchant_country":
      return `merchant country ${RULE_OP_WORDS[c.op]} ${c.values.join(", ")}`;
    case "merchant_name":
      return `merchant name ${RULE_OP_WORDS[c.op]} "${c.value}"`;
    case "velocity": {
      const what = c.measure === "count" ? "purchases" : "amount spent";
      const filter = [
        c.mcc ? ` on ${c.mcc.map(categoryLabel).join(", ")}` : "",
        c.merchant_countries ? ` in ${c.merchant_countries.join(", ")}` : "",
      ].join("");
      return `${what} by the ${c.scope} in the last ${c.window_minutes} minutes${filter} ${RULE_OP_WORDS[c.op]} ${c.value}`;
    }
  }
}

export function describeConditions(conditions: readonly RuleCondition[]): string {
  return `Decline when ${conditions.map(one).join(" and ")}.`;
}
