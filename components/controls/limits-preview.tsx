import { Timestamp } from "@/components/ui/timestamp";
import type { PreviewRow } from "./controls-form";
import { categoriesInWords, INTERVAL_LABELS } from "./labels";

/**
 * What would be left under the limits as the form stands (components/controls/controls-form.ts
 * previewOf), updated as it changes, before saving. Words differ from the list of what is left now
 * (spend-limits-list.tsx) so the two never read as the same line.
 */
export function LimitsPreview({
  rows,
  currency,
  timeZone,
}: {
  rows: PreviewRow[];
  currency: string;
  timeZone: string;
}) {
  const money = (major: number) =>
    new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(major);
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <h3 className="text-sm font-semibold">With these changes</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">No limits at this level: only the others would apply.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border text-sm" aria-label="What would be left">
          {rows.map((r, i) => {
            const value = (n: number) =>
              r.kind === "amount" ? money(n) : `${n} purchase${n === 1 ? "" : "s"}`;
            const over = r.used >= r.limit && r.interval !== "per_authorization";
            return (
              <li key={i} className="flex flex-col gap-0.5 py-2">
                <span>
                  <span className="font-medium">{INTERVAL_LABELS[r.interval]}:</span>{" "}
                  {r.interval === "per_authorization"
                    ? `at most ${value(r.limit)} a purchase`
                    : `${value(r.remaining)} would be left of ${value(r.limit)}`}
                </span>
                {categoriesInWords(r.categories) ? (
                  <span className="text-xs text-muted">{categoriesInWords(r.categories)}</span>
                ) : null}
                {r.interval === "per_authorization" ? null : (
                  <span className={over ? "text-xs text-danger" : "text-xs text-muted"}>
                    {r.fresh
                      ? "A new window: nothing used yet, it counts from the next purchase."
                      : over
                        ? `Already used ${value(r.used)}: further purchases would be declined until it resets.`
                        : `${value(r.used)} already used in this window.`}
                    {r.resetsAt ? (
                      <>
                        {" "}
                        Resets <Timestamp iso={r.resetsAt} seconds={false} timeZone={timeZone} />.
                      </>
                    ) : null}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
