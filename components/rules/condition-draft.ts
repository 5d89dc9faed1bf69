import type { RuleCondition } from "@/lib/contracts/auth-rules";

/**
 * A rule's condition as the form holds it (every input as typed), and its conversion to the
 * condition the contract takes (lib/contracts/auth-rules.ts). The server validates the result;
 * this only shapes it, so a half-typed row still previews in words where it can.
 */

export const CONDITION_FIELDS = [
  "amount",
  "currency",
  "mcc",
  "merchant_country",
  "merchant_name",
  "card_type",
  "customer",
  "velocity",
] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

export const FIELD_LABELS = {
  amount: "Amount",
  currency: "Currency",
  mcc: "Merchant category",
  merchant_country: "Merchant country",
  merchant_name: "Merchant name",
  card_type: "Card type",
  customer: "Customer",
  velocity: "Velocity (spent or purchases over a trailing window)",
} as const satisfies Record<ConditionField, string>;

/** The comparisons each kind offers, the contract's order. */
export const FIELD_OPS: Record<ConditionField, readonly string[]> = {
  amount: ["gt", "gte", "lt", "lte"],
  currency: ["in", "not_in"],
  mcc: ["in", "not_in"],
  merchant_country: ["in", "not_in"],
  merchant_name: ["contains", "equals", "starts_with"],
  card_type: ["in", "not_in"],
  customer: ["in", "not_in"],
  velocity: ["gt", "gte"],
};

export interface ConditionDraft {
  field: ConditionField;
  op: string;
  /** amount, merchant_name, velocity: the number or text. */
  value: string;
  /** The list kinds: comma-separated text (categories, countries, customers) or the ticked values. */
  values: string[];
  list: string;
  measure: "amount" | "count";
  scope: "card" | "customer";
  windowMinutes: string;
  /** velocity: counts only these (comma-separated), if given. */
  mcc: string;
  countries: string;
}

export function emptyDraft(field: ConditionField = "amount"): ConditionDraft {
  return {
    field,
    op: FIELD_OPS[field][0]!,
    value: "",
    values: [],
    list: "",
    measure: "count",
    scope: "card",
    windowMinutes: "60",
    mcc: "",
    countries: "",
  };
}

const splitList = (text: string, upper = false) =>
  text
    .split(/[\s,;]+/)
    .map((s) => (upper ? s.toUpperCase() : s.trim()))
    .filter(Boolean);

const joinList = (values: readonly string[] | undefined) => (values ?? []).join(", ");

/** The condition to send; numbers that do not parse stay NaN so the server names the field. */
export function toCondition(d: ConditionDraft): RuleCondition {
  const op = d.op as never;
  switch (d.field) {
    case "amount":
      return { field: "amount", op, value: Number(d.value) };
    case "currency":
      return { field: "currency", op, values: d.values as never };
    case "card_type":
      return { field: "card_type", op, values: d.values as never };
    case "mcc":
      return { field: "mcc", op, values: splitList(d.list) };
    case "merchant_country":
      return { field: "merchant_country", op, values: splitList(d.list, true) };
    case "customer":
      return { field: "customer", op, values: splitList(d.list) };
    case "merchant_name":
      return { field: "merchant_name", op, value: d.value.trim() };
    case "velocity": {
      const mcc = splitList(d.mcc);
      const countries = splitList(d.countries, true);
      return {
        field: "velocity",
        measure: d.measure,
        scope: d.scope,
        window_minutes: Number(d.windowMinutes),
        op,
        value: Number(d.value),
        ...(mcc.length ? { mcc } : {}),
        ...(countries.length ? { merchant_countries: countries } : {}),
      };
    }
  }
}

/** A stored condition back into the form (editing a rule: a new version). */
export function fromCondition(c: RuleCondition): ConditionDraft {
  const d = { ...emptyDraft(c.field), op: c.op };
  switch (c.field) {
    case "amount":
    case "merchant_name":
      return { ...d, value: String(c.value) };
    case "currency":
    case "card_type":
      return { ...d, values: [...c.values] };
    case "mcc":
    case "merchant_country":
    case "customer":
      return { ...d, list: joinList(c.values) };
    case "velocity":
      return {
        ...d,
        value: String(c.value),
        measure: c.measure,
        scope: c.scope,
        windowMinutes: String(c.window_minutes),
        mcc: joinList(c.mcc),
        countries: joinList(c.merchant_countries),
      };
  }
}

/** Whether a draft is complete enough to say in words (the preview skips the others). */
export function isSayable(c: RuleCondition): boolean {
  if ("values" in c) return c.values.length > 0;
  if (c.field === "merchant_name") return c.value.length > 0;
  if (c.field === "velocity") return c.value > 0 && c.window_minutes > 0;
  return Number.isFinite(c.value) && c.value > 0;
}
