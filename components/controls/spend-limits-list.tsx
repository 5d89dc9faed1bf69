import { Timestamp } from "@/components/ui/timestamp";
import type { SpendLimitsView } from "@/lib/contracts/spending-controls";
import { categoriesInWords, INTERVAL_LABELS, LEVEL_LABELS } from "./labels";

/**
 * Every limit that applies to a card and what is left of it (GET .../spend-limits), for staff on the
 * card page and for the cardholder on My card. A list, not a table: it never scrolls sideways.
 */
export function SpendLimitsList({
  view,
  audience,
  empty,
}: {
  view: SpendLimitsView;
  audience: "staff" | "cardholder";
  /** What an empty list says, where it is not a card's (the customer page). */
  empty?: string;
}) {
  if (view.limits.length === 0)
    return (
      <p className="text-sm text-muted">
        {empty ??
          (audience === "staff" ? "No limits apply to this card." : "Your card has no spending limits.")}
      </p>
    );
  // Display only: the view's major units, formatted with the account's currency.
  const money = (major: number) =>
    new Intl.NumberFormat("en-GB", { style: "currency", currency: view.currency }).format(major);
  return (
    <ul className="flex flex-col divide-y divide-border text-sm" aria-label="Spending limits">
      {view.limits.map((l, i) => {
        const used = l.limit > 0 ? Math.min(100, Math.round((l.used / l.limit) * 100)) : 100;
        const value = (n: number) => (l.kind === "amount" ? money(n) : `${n} purchase${n === 1 ? "" : "s"}`);
        return (
          <li key={i} className="flex flex-col gap-1 py-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium">
                {INTERVAL_LABELS[l.interval]} · {value(l.limit)}
              </span>
              <span className="text-muted">{LEVEL_LABELS[l.level]}</span>
            </div>
            {categoriesInWords(l.categories) ? (
              <span className="text-xs text-muted">{categoriesInWords(l.categories)}</span>
            ) : null}
            {l.interval === "per_authorization" ? null : (
              <>
                <div
                  className="h-1.5 overflow-hidden rounded-full bg-surface-muted"
                  role="img"
                  aria-label={`${used}% used`}
                >
                  <div className="h-full bg-accent" style={{ width: `${used}%` }} />
                </div>
                <span className="text-xs text-muted">
                  {value(l.remaining)} left of {value(l.limit)}
                  {l.resets_at ? (
                    <>
                      {" "}
                      · resets <Timestamp iso={l.resets_at} seconds={false} timeZone={view.time_zone} />
                    </>
                  ) : null}
                </span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
