import { Timestamp } from "@/components/ui/timestamp";

const DAY_MS = 86_400_000;

/**
 * The instant of this request, read once by a page (a server component renders once per request)
 * so every row of a list counts its days left against the same one.
 */
export function requestTime(): number {
  return Date.now();
}

/**
 * An open dispute's answer deadline (filed + 30 days, docs/disputes.md) with the whole days left,
 * or how long it is overdue; a dash once the dispute is decided. `now` comes from the page, so a
 * list shows every row against one instant.
 */
export function RespondBy({
  iso,
  now,
  compact = false,
}: {
  iso: string | null;
  now: number;
  compact?: boolean;
}) {
  if (!iso) return <span className="text-muted">—</span>;
  const left = Math.ceil((new Date(iso).getTime() - now) / DAY_MS);
  const tone = left < 0 ? "text-danger" : left <= 5 ? "text-warning" : "text-muted";
  const words =
    left < 0
      ? `overdue by ${-left} ${-left === 1 ? "day" : "days"}`
      : left === 0
        ? "due today"
        : `${left} ${left === 1 ? "day" : "days"} left`;
  return (
    <span className={compact ? "inline-flex flex-wrap gap-x-1" : "flex flex-col"}>
      <Timestamp iso={iso} withTime={false} />
      <span className={`text-xs font-medium ${tone}`}>{words}</span>
    </span>
  );
}
