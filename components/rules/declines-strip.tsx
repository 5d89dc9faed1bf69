import type { RulePerformance } from "@/lib/contracts/auth-rules";

/**
 * A rule's (would-be) declines per day as a strip of bars, each day's figures also in text for
 * assistive technology: shadow days say what it would have declined, active days what it declined.
 */
export function DeclinesStrip({
  days,
  mode,
  period,
  label = "Declines per day",
  tall = false,
}: {
  days: RulePerformance["days"];
  mode: "shadow" | "active";
  /** What the days cover, e.g. "Last 14 days". */
  period: string;
  label?: string;
  tall?: boolean;
}) {
  const inMode = days.filter((d) => d.mode === mode);
  const evaluated = inMode.reduce((s, d) => s + d.evaluated, 0);
  const declined = inMode.reduce((s, d) => s + d.declined, 0);
  const peak = Math.max(1, ...inMode.map((d) => d.declined));
  return (
    <div className="flex flex-col gap-2">
      <p className="text-muted">
        {period}: {declined} of {evaluated} authorizations{" "}
        {mode === "shadow" ? "would have been declined" : "declined"}.
      </p>
      {inMode.length ? (
        <ol className={`flex items-end gap-1 ${tall ? "h-32" : "h-16"}`} aria-label={label}>
          {inMode.map((d) => (
            <li
              key={d.day}
              className={`max-w-6 flex-1 rounded-t ${mode === "shadow" ? "bg-warning" : "bg-danger"}`}
              style={{ height: `${Math.max(4, (d.declined / peak) * 100)}%` }}
              title={`${d.day}: ${d.declined} of ${d.evaluated}`}
            >
              <span className="sr-only">
                {d.day}: {d.declined} of {d.evaluated}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
