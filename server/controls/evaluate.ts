import type { DeclineRule, StoredSpendingControls } from "@/lib/contracts/spending-controls";
import type { ControlLevel, DeclineReasonCode } from "@/lib/enums";
import { categoryLabel, mccInCategories } from "@/lib/mcc";
import { formatMinor, toMajor } from "@/lib/money";
import type { CountedWindow } from "@/server/db/schema/controls";
import { limitWindowKey, type WindowInterval, windowStart } from "./windows";

/**
 * The fixed spending controls against one authorization (docs/spending-controls.md, Evaluation
 * order), without the database: the lists, then the per-authorization limits, then what the
 * windowed limits need (their counters are read locked and checked in ./enforce.ts).
 */

export interface LevelControls {
  level: ControlLevel;
  controls: StoredSpendingControls;
}

/** What the controls and rules look at. billingMinor is in the account's currency, like every limit. */
export interface AuthorizationFacts {
  billingMinor: number;
  billingCurrency: string;
  currency: string;
  mcc: string | null;
  country: string | null;
  merchant: string | null;
  cardType: string;
  cardId: string;
  customerId: string;
  svcCardId: string;
  at: Date;
}

export interface ControlDecline {
  reason: DeclineReasonCode;
  rule: DeclineRule;
}

const LEVEL_WORDS: Record<ControlLevel, string> = {
  card: "The card's",
  customer: "The account's",
  program: "The card program's",
};
const INTERVAL_WORDS: Record<string, string> = {
  per_authorization: "per-purchase",
  hourly: "hourly",
  daily: "daily",
  weekly: "weekly",
  monthly: "monthly",
  yearly: "yearly",
  all_time: "lifetime",
};

function listDecline(
  level: ControlLevel,
  control: DeclineRule["control"],
  reason: DeclineReasonCode,
  description: string,
): ControlDecline {
  return {
    reason,
    rule: { level, rule_id: null, rule_version: null, control, interval: null, limit: null, description },
  };
}

/** The first list that refuses the merchant: categories before countries, card before customer before program. */
export function checkLists(
  levels: readonly LevelControls[],
  facts: AuthorizationFacts,
): ControlDecline | null {
  for (const { level, controls } of levels) {
    const who = LEVEL_WORDS[level];
    const where = facts.mcc ? categoryLabel(facts.mcc) : "a merchant without a category";
    if (controls.allowed_categories && !mccInCategories(facts.mcc, controls.allowed_categories))
      return listDecline(
        level,
        "allowed_categories",
        "merchant_category_blocked",
        `${who} allowed categories do not include ${where}.`,
      );
    if (controls.blocked_categories && mccInCategories(facts.mcc, controls.blocked_categories))
      return listDecline(
        level,
        "blocked_categories",
        "merchant_category_blocked",
        `${who} blocked categories include ${where}.`,
      );
    const country = facts.country ?? "an unknown country";
    if (
      controls.allowed_merchant_countries &&
      !controls.allowed_merchant_countries.includes(facts.country ?? "")
    )
      return listDecline(
        level,
        "allowed_merchant_countries",
        "merchant_country_blocked",
        `${who} allowed countries do not include ${country}.`,
      );
    if (controls.blocked_merchant_countries?.includes(facts.country ?? ""))
      return listDecline(
        level,
        "blocked_merchant_countries",
        "merchant_country_blocked",
        `${who} blocked countries include ${country}.`,
      );
  }
  return null;
}

function limitApplies(
  categories: readonly string[] | undefined,
  facts: Pick<AuthorizationFacts, "mcc">,
): boolean {
  return !categories?.length || mccInCategories(facts.mcc, categories);
}

export function limitDescription(
  level: ControlLevel,
  kind: "amount" | "count",
  interval: string,
  limit: number,
  currency: string,
  categories?: readonly string[],
): string {
  const what =
    kind === "amount" ? formatMinor(limit, currency) : `${limit} purchase${limit === 1 ? "" : "s"}`;
  const on = categories?.length ? ` on ${categories.map(categoryLabel).join(", ")}` : "";
  return `${LEVEL_WORDS[level]} ${INTERVAL_WORDS[interval]} limit of ${what}${on}.`;
}

/** A per-authorization limit the amount exceeds, if any. */
export function checkPerAuthorization(
  levels: readonly LevelControls[],
  facts: AuthorizationFacts,
): ControlDecline | null {
  for (const { level, controls } of levels)
    for (const l of controls.spending_limits)
      if (
        l.interval === "per_authorization" &&
        limitApplies(l.categories, facts) &&
        facts.billingMinor > l.amount_minor
      )
        return {
          reason: "spending_limit_exceeded",
          rule: {
            level,
            rule_id: null,
            rule_version: null,
            control: "spending_limit",
            interval: "per_authorization",
            limit: toMajor(l.amount_minor),
            description: limitDescription(
              level,
              "amount",
              l.interval,
              l.amount_minor,
              facts.billingCurrency,
              l.categories,
            ),
          },
        };
  return null;
}

/** A windowed limit to check against its counter. */
export interface WindowCheck {
  window: CountedWindow;
  level: ControlLevel;
  kind: "amount" | "count";
  interval: WindowInterval;
  limit: number;
  categories?: string[];
}

/**
 * The windows this authorization counts in and the limits on them: card and program limits count
 * per card, customer limits per customer (across its cards). Only limits that apply to the
 * merchant's category are counted.
 */
export function windowChecks(
  levels: readonly LevelControls[],
  facts: Pick<AuthorizationFacts, "cardId" | "customerId" | "mcc" | "at">,
  timeZone: string,
  opts: { everyCategory?: boolean } = {},
): WindowCheck[] {
  const checks: WindowCheck[] = [];
  for (const { level, controls } of levels) {
    const subject = level === "customer" ? facts.customerId : facts.cardId;
    const window = (interval: WindowInterval, categories?: string[]): CountedWindow => ({
      subject,
      key: limitWindowKey(interval, categories),
      start: windowStart(interval, facts.at, timeZone).toISOString(),
    });
    for (const l of controls.spending_limits) {
      if (l.interval === "per_authorization") continue;
      if (!opts.everyCategory && !limitApplies(l.categories, facts)) continue;
      checks.push({
        window: window(l.interval, l.categories),
        level,
        kind: "amount",
        interval: l.interval,
        limit: l.amount_minor,
        categories: l.categories,
      });
    }
    for (const l of controls.count_limits)
      checks.push({ window: window(l.interval), level, kind: "count", interval: l.interval, limit: l.count });
  }
  return checks;
}

export function windowId(w: CountedWindow): string {
  return `${w.subject}\u0000${w.key}\u0000${w.start}`;
}

/** The first windowed limit this authorization would push past its limit, given the counters. */
export function checkWindows(
  checks: readonly WindowCheck[],
  counters: ReadonlyMap<string, { amountMinor: number; count: number }>,
  facts: AuthorizationFacts,
): ControlDecline | null {
  for (const c of checks) {
    const used = counters.get(windowId(c.window)) ?? { amountMinor: 0, count: 0 };
    const over =
      c.kind === "amount" ? used.amountMinor + facts.billingMinor > c.limit : used.count + 1 > c.limit;
    if (!over) continue;
    return {
      reason: c.kind === "amount" ? "spending_limit_exceeded" : "count_limit_exceeded",
      rule: {
        level: c.level,
        rule_id: null,
        rule_version: null,
        control: c.kind === "amount" ? "spending_limit" : "count_limit",
        interval: c.interval,
        limit: c.kind === "amount" ? toMajor(c.limit) : c.limit,
        description: limitDescription(
          c.level,
          c.kind,
          c.interval,
          c.limit,
          facts.billingCurrency,
          c.categories,
        ),
      },
    };
  }
  return null;
}
