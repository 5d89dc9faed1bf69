import { Badge } from "@/components/ui/badge";
import type { DisputeStatus } from "@/lib/enums";
import { DISPUTE_STATUS_TEXT, DISPUTE_STATUS_TONE } from "./labels";

/** A dispute's status as a labelled pill. */
export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return <Badge tone={DISPUTE_STATUS_TONE[status]}>{DISPUTE_STATUS_TEXT[status]}</Badge>;
}
