import type { AuthRuleState, ControlLevel, SpendingInterval } from "@/lib/enums";
import { categoryLabel } from "@/lib/mcc";

/** Spending controls and rules in words (docs/spending-controls.md). */

export const INTERVAL_LABELS = {
  per_authorization: "Per purchase",
  hourly: "Per hour",
  daily: "Per day",
  weekly: "Per week (from Monday)",
  monthly: "Per month",
  yearly: "Per year",
  all_time: "In total",
} as const satisfies Record<SpendingInterval, string>;

export const LEVEL_LABELS = {
  card: "This card",
  customer: "The customer (all cards)",
  program: "Program default",
} as const satisfies Record<ControlLevel, string>;

export const RULE_STATE_LABELS = {
  draft: "Draft",
  shadow: "In shadow",
  active: "Active",
  retired: "Retired",
} as const satisfies Record<AuthRuleState, string>;

export function categoriesInWords(categories: readonly string[] | undefined): string | null {
  return categories?.length ? `On ${categories.map(categoryLabel).join(", ")}` : null;
}
