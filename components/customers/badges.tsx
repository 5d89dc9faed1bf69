import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { CardCustomerView, CardView } from "@/lib/contracts/cards";
import { cardStatusLabel, KYC_LABELS } from "./labels";

const KYC_TONE: Record<CardCustomerView["kyc_status"], BadgeTone> = {
  pending: "muted",
  in_progress: "neutral",
  pending_review: "warning",
  approved: "success",
  rejected: "danger",
  expired: "warning",
};

/** Identity verification; the API's value is in the tooltip. */
export function KycBadge({ status }: { status: CardCustomerView["kyc_status"] }) {
  return (
    <Badge tone={KYC_TONE[status]} title={`kyc_status: ${status}`}>
      {KYC_LABELS[status]}
    </Badge>
  );
}

const CARD_TONE: Record<CardView["status"], BadgeTone> = {
  active: "success",
  frozen: "warning",
  blocked: "danger",
  lost: "danger",
  voided: "muted",
};

export function CardStatusBadge({ card }: { card: Pick<CardView, "status" | "is_stolen"> }) {
  return <Badge tone={card.is_stolen ? "danger" : CARD_TONE[card.status]}>{cardStatusLabel(card)}</Badge>;
}

/** A yes/no fact (wallet deployed, PIN set) with the words for each. */
export function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return <Badge tone={value ? "success" : "muted"}>{value ? yes : no}</Badge>;
}
