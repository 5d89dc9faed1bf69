import type { CardView } from "@/lib/contracts/cards";
import type { FlowStatus, KycStatus } from "@/lib/enums";

/** Onboarding stages in words; the API's value is shown beside them where it helps. */
export const FLOW_LABELS: Record<FlowStatus, string> = {
  email_verification: "Email verification",
  identity_verification: "Identity verification",
  source_of_funds: "Source of funds",
  phone_verification: "Phone verification",
  account_setup: "Account setup",
  active: "Active",
  rejected: "Rejected",
};

export const KYC_LABELS: Record<KycStatus, string> = {
  pending: "Not started",
  in_progress: "In progress",
  pending_review: "In review",
  approved: "Approved",
  rejected: "Rejected",
  expired: "Expired",
};

/** The card's state in words: a stolen card reads as voided (with is_stolen), so say why. */
export function cardStatusLabel(card: Pick<CardView, "status" | "is_stolen">): string {
  if (card.is_stolen) return "Voided (stolen)";
  return { active: "Active", frozen: "Frozen", blocked: "Blocked", lost: "Lost", voided: "Voided" }[
    card.status
  ];
}

/** "Virtual •••• 4242": how staff and customers speak of a card. */
export function cardName(card: Pick<CardView, "card_type" | "last_four">): string {
  return `${card.card_type === "virtual" ? "Virtual" : "Physical"} card •••• ${card.last_four}`;
}
