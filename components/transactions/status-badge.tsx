import { cn } from "@/components/ui/cn";
import type { TransactionStatus } from "./filters";
import { STATUS_LABELS, STATUS_MEANINGS, STATUS_TONE } from "./labels";

const pill = "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap";
const TONE = {
  success: "border-success-border bg-success-soft text-success",
  warning: "border-warning-border bg-warning-soft text-warning",
  danger: "border-danger-border bg-danger-soft text-danger",
  neutral: "border-border bg-surface-muted text-foreground",
  muted: "border-border bg-surface-muted text-muted",
} as const;

/** A card transaction's status; its meaning in the tooltip. Unknown values show as they are. */
export function TransactionStatusBadge({ status }: { status: string }) {
  const known = status in STATUS_LABELS ? (status as TransactionStatus) : null;
  return (
    <span
      className={cn(pill, TONE[known ? STATUS_TONE[known] : "neutral"])}
      title={known ? `${status}: ${STATUS_MEANINGS[known]}` : status}
    >
      {known ? STATUS_LABELS[known] : status}
    </span>
  );
}
