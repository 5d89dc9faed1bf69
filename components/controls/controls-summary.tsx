import { categoryLabel } from "@/lib/mcc";
import type { Controls } from "./controls-form";
import { countryLabel } from "./countries";
import { categoriesInWords, INTERVAL_LABELS } from "./labels";

/**
 * One level's spending controls in words, for a role that may read but not change them (the
 * editor, controls-editor.tsx, is not rendered for it). Amounts are in the account's currency.
 */
export function ControlsSummary({ controls: c }: { controls: Controls }) {
  const lists: [string, string[] | undefined, (v: string) => string][] = [
    ["Only these categories", c.allowed_categories, categoryLabel],
    ["Never these categories", c.blocked_categories, categoryLabel],
    ["Only merchants in", c.allowed_merchant_countries, countryLabel],
    ["Never merchants in", c.blocked_merchant_countries, countryLabel],
  ];
  const shown = lists.filter(([, values]) => values?.length);
  return (
    <div className="flex min-w-0 flex-col gap-3 text-sm">
      <h3 className="font-semibold">Set at this level</h3>
      {c.spending_limits.length + c.count_limits.length === 0 ? (
        <p className="text-muted">No limits.</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {c.spending_limits.map((l, i) => (
            <li key={`a${i}`}>
              {INTERVAL_LABELS[l.interval]}: {l.amount.toFixed(2)} in the account&apos;s currency
              {categoriesInWords(l.categories) ? ` (${categoriesInWords(l.categories)})` : ""}
            </li>
          ))}
          {c.count_limits.map((l, i) => (
            <li key={`c${i}`}>
              {INTERVAL_LABELS[l.interval]}: at most {l.count} purchase{l.count === 1 ? "" : "s"}
            </li>
          ))}
        </ul>
      )}
      {shown.length === 0 ? (
        <p className="text-muted">Every merchant category and country is allowed.</p>
      ) : (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
          {shown.map(([label, values, word]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd>{values!.map(word).join(", ")}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
