import type { CardView, CardCustomerView } from "@/lib/contracts/cards";
import { cn } from "@/components/ui/cn";
import { cardStatusLabel, KYC_LABELS } from "./labels";

const pill = "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap";
const TONE = {
  success: "border-success-border bg-success-soft text-success",
  warning: "border-warning-border bg-warning-soft text-warning",
  danger: "border-danger-border bg-danger-soft text-danger",
  neutral: "border-border bg-surface-muted text-foreground",
  muted: "border-border bg-surface-muted text-muted",
} as const;

const KYC_TONE: Record<CardCustomerView["kyc_status"], keyof typeof TONE> = {
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
    <span className={cn(pill, TONE[KYC_TONE[status]])} title={`kyc_status: ${status}`}>
      {KYC_LABELS[status]}
    </span>
  );
}

const CARD_TONE: Record<CardView["status"], keyof typeof TONE> = {
  active: "success",
  frozen: "warning",
  blocked: "danger",
  lost: "danger",
  voided: "muted",
};

export function CardStatusBadge({ card }: { card: Pick<CardView, "status" | "is_stolen"> }) {
  return (
    <span className={cn(pill, TONE[card.is_stolen ? "danger" : CARD_TONE[card.status]])}>
      {cardStatusLabel(card)}
    </span>
  );
}

/** A yes/no fact (wallet deployed, PIN set) with the words for each. */
export function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return <span className={cn(pill, value ? TONE.success : TONE.muted)}>{value ? yes : no}</span>;
}
