import type { z } from "zod";
import type {
  spendingControlsInputSchema,
  SpendingControlsView,
  SpendLimitsView,
} from "@/lib/contracts/spending-controls";
import type { ControlLevel, SpendingInterval } from "@/lib/enums";
import { parseAmountToMinor, toMajor } from "@/lib/money";

/**
 * The controls editor's form state and its two readings (components/controls/controls-editor.tsx):
 * the request it sends (lib/contracts/spending-controls.ts) and what would be left under it, from
 * what the current windows already used (GET .../spend-limits), before anything is saved.
 */

export type Controls = SpendingControlsView["spending_controls"];
export type ControlsInput = z.input<typeof spendingControlsInputSchema>;
export type WindowInterval = Exclude<SpendingInterval, "per_authorization">;
/** One list of each kind: allowed and blocked exclude each other, so the form holds one mode. */
export type ListMode = "none" | "allowed" | "blocked";

export interface AmountRow {
  amount: string;
  interval: SpendingInterval;
  categories: string[];
}
export interface CountRow {
  count: string;
  interval: WindowInterval;
}
export interface ListState {
  mode: ListMode;
  values: string[];
}
export interface FormState {
  amounts: AmountRow[];
  counts: CountRow[];
  categories: ListState;
  countries: ListState;
}

function listOf(allowed: string[] | undefined, blocked: string[] | undefined): ListState {
  if (allowed?.length) return { mode: "allowed", values: allowed };
  if (blocked?.length) return { mode: "blocked", values: blocked };
  return { mode: "none", values: [] };
}

export function formOf(c: Controls): FormState {
  return {
    amounts: c.spending_limits.map((l) => ({
      amount: String(l.amount),
      interval: l.interval,
      categories: l.categories ?? [],
    })),
    counts: c.count_limits.map((l) => ({ count: String(l.count), interval: l.interval })),
    categories: listOf(c.allowed_categories, c.blocked_categories),
    countries: listOf(c.allowed_merchant_countries, c.blocked_merchant_countries),
  };
}

/** A count as typed: a whole number, or the text itself so the server names the field. */
function countOf(text: string): number {
  const t = text.trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

export function inputOf(s: FormState): ControlsInput {
  const input: ControlsInput = {
    spending_limits: s.amounts.map((r) => ({
      amount: r.amount.trim(),
      interval: r.interval,
      ...(r.categories.length ? { categories: r.categories } : {}),
    })),
    count_limits: s.counts.map((r) => ({ count: countOf(r.count), interval: r.interval })),
  };
  // An empty list is no list: the server refuses an empty one (min 1), and it would mean nothing.
  if (s.categories.mode !== "none" && s.categories.values.length)
    input[`${s.categories.mode}_categories`] = s.categories.values;
  if (s.countries.mode !== "none" && s.countries.values.length)
    input[`${s.countries.mode}_merchant_countries`] = s.countries.values;
  return input;
}

/** The form's rows whose count is not a whole number, checked before sending (NaN travels badly). */
export function badCounts(s: FormState): Record<string, string> {
  const out: Record<string, string> = {};
  s.counts.forEach((r, i) => {
    const n = countOf(r.count);
    if (!Number.isInteger(n) || n < 1)
      out[`count_limits.${i}.count`] = "A whole number of purchases, 1 or more.";
  });
  return out;
}

export interface PreviewRow {
  kind: "amount" | "count";
  interval: SpendingInterval;
  categories: string[];
  /** Major units for an amount, purchases for a count. */
  limit: number;
  used: number;
  remaining: number;
  /** No counter yet for this window: it counts from the next purchase. */
  fresh: boolean;
  resetsAt: string | null;
}

const sameCategories = (a: readonly string[] | undefined, b: readonly string[]) =>
  [...(a ?? [])].sort().join(",") === [...b].sort().join(",");

/**
 * What would be left of each limit of the form at `level`: a limit keeps its window's counter when
 * its interval (and categories) stay, so what it used carries over; a new one starts at nothing used.
 * Rows the server would refuse (no amount yet) are left out.
 */
export function previewOf(s: FormState, view: SpendLimitsView, level: ControlLevel): PreviewRow[] {
  const current = view.limits.filter((l) => l.level === level);
  const rows: PreviewRow[] = [];
  for (const r of s.amounts) {
    const minor = parseAmountToMinor(r.amount.trim());
    if (minor === null) continue;
    const limit = toMajor(minor);
    const now = current.find(
      (l) => l.kind === "amount" && l.interval === r.interval && sameCategories(l.categories, r.categories),
    );
    const used = r.interval === "per_authorization" ? 0 : (now?.used ?? 0);
    rows.push({
      kind: "amount",
      interval: r.interval,
      categories: r.categories,
      limit,
      used,
      remaining: Math.max(0, toMajor(minor - Math.round(used * 100))),
      fresh: r.interval !== "per_authorization" && !now,
      resetsAt: now?.resets_at ?? null,
    });
  }
  for (const r of s.counts) {
    const limit = countOf(r.count);
    if (!Number.isInteger(limit) || limit < 1) continue;
    const now = current.find((l) => l.kind === "count" && l.interval === r.interval);
    const used = now?.used ?? 0;
    rows.push({
      kind: "count",
      interval: r.interval,
      categories: [],
      limit,
      used,
      remaining: Math.max(0, limit - used),
      fresh: !now,
      resetsAt: now?.resets_at ?? null,
    });
  }
  return rows;
}

/** The server's field errors keyed by the form's paths (the action's input nests them in `controls`). */
export function formErrors(fields: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k.replace(/^controls\./, ""), v]));
}

/** The first error at `path` or under it. */
export function errorAt(errors: Record<string, string>, path: string): string | undefined {
  return Object.entries(errors).find(([k]) => k === path || k.startsWith(`${path}.`))?.[1];
}
