import { Badge } from "@/components/ui/badge";
import type { TransactionStatus } from "./filters";
import { STATUS_LABELS, STATUS_MEANINGS, STATUS_TONE } from "./labels";

/** A card transaction's status; its meaning in the tooltip. Unknown values show as they are. */
export function TransactionStatusBadge({ status }: { status: string }) {
  const known = status in STATUS_LABELS ? (status as TransactionStatus) : null;
  return (
    <Badge
      tone={known ? STATUS_TONE[known] : "neutral"}
      title={known ? `${status}: ${STATUS_MEANINGS[known]}` : status}
    >
      {known ? STATUS_LABELS[known] : status}
    </Badge>
  );
}
