import type { BadgeTone } from "@/components/ui/badge";
import type { CustomerActivityItem } from "@/lib/contracts/customer-activity";
import type { CustomerActivityKind } from "@/lib/enums";

/** The feed's groups: the pill before each line says which part of the customer's story it is. */
export type ActivityGroup = "Onboarding" | "Card" | "Funding" | "Dispute" | "Decline";

interface KindWords {
  group: ActivityGroup;
  tone: BadgeTone;
  /** What happened, in words; the card's or merchant's name is added where there is one. */
  title: string;
  /** Who "system" is for this kind: the process, a provider, the card network. */
  system: string;
}

const ONBOARDING = { group: "Onboarding", tone: "neutral", system: "the system" } as const;
const CARD = { group: "Card", tone: "neutral", system: "the card network" } as const;

export const ACTIVITY_WORDS: Record<CustomerActivityKind, KindWords> = {
  signed_up: { ...ONBOARDING, title: "Customer created" },
  email_verified: { ...ONBOARDING, title: "Email verified" },
  identity_verified: {
    ...ONBOARDING,
    tone: "success",
    title: "Identity verified",
    system: "the identity provider",
  },
  identity_rejected: {
    ...ONBOARDING,
    tone: "danger",
    title: "Identity verification rejected",
    system: "the identity provider",
  },
  source_of_funds_declared: { ...ONBOARDING, title: "Source of funds declared" },
  phone_verified: { ...ONBOARDING, title: "Phone verified" },
  wallet_deployed: { ...ONBOARDING, tone: "success", title: "Account wallet deployed" },
  card_issued: { ...CARD, tone: "success", title: "Card issued", system: "the system" },
  card_frozen: { ...CARD, tone: "warning", title: "Card frozen" },
  card_unfrozen: { ...CARD, title: "Card unfrozen" },
  card_blocked: { ...CARD, tone: "danger", title: "Card blocked" },
  card_unblocked: { ...CARD, title: "Card unblocked" },
  card_activated: { ...CARD, tone: "success", title: "Card activated" },
  card_voided: { ...CARD, tone: "danger", title: "Card voided" },
  card_lost: { ...CARD, tone: "danger", title: "Card reported lost" },
  card_stolen: { ...CARD, tone: "danger", title: "Card reported stolen" },
  funded: { group: "Funding", tone: "success", title: "Funded from the master wallet", system: "the system" },
  funding_failed: { group: "Funding", tone: "danger", title: "Funding failed", system: "the system" },
  dispute_filed: { group: "Dispute", tone: "warning", title: "Dispute filed", system: "the system" },
  dispute_under_review: {
    group: "Dispute",
    tone: "warning",
    title: "Dispute under review",
    system: "the card network",
  },
  dispute_won: {
    group: "Dispute",
    tone: "success",
    title: "Dispute won, amount credited",
    system: "the card network",
  },
  dispute_lost: { group: "Dispute", tone: "danger", title: "Dispute lost", system: "the card network" },
  dispute_withdrawn: { group: "Dispute", tone: "muted", title: "Dispute withdrawn", system: "the system" },
  declined: { group: "Decline", tone: "danger", title: "Purchase declined", system: "the card network" },
};

/** Why a funding failed, for people (the record keeps the error code). */
const FUNDING_FAILURES: Record<string, string> = {
  INSUFFICIENT_FUNDS: "The master wallet held too little.",
  WALLET_NOT_DEPLOYED: "The customer's account wallet was not deployed yet.",
  VALIDATION_ERROR: "The amount or currency did not fit this customer.",
};

/** The line's title: what happened, to which card or at which merchant. */
export function activityTitle(item: CustomerActivityItem): string {
  const words = ACTIVITY_WORDS[item.kind];
  if (item.kind === "declined" && item.merchant) return `Purchase at ${item.merchant} declined`;
  if (words.group === "Card" && item.card_last_four) return `${words.title} •••• ${item.card_last_four}`;
  return words.title;
}

/** Who did it: "by ops@bank.example", "by API key Back office", "by the cardholder", "by the card network". */
export function activityActor(item: CustomerActivityItem): string | null {
  switch (item.actor_type) {
    case "user":
      return `by ${item.actor ?? "a staff member"}`;
    case "apiKey":
      return item.actor ? `by API key ${item.actor}` : "by an API key";
    case "cardholder":
      return "by the cardholder";
    case "system":
      return `by ${ACTIVITY_WORDS[item.kind].system}`;
    default:
      return null;
  }
}

/** A second line where the record says why (a decline's reason, a failed funding's cause). */
export function activityReason(item: CustomerActivityItem): string | null {
  if (item.kind === "funding_failed")
    return FUNDING_FAILURES[item.detail ?? ""] ?? "The transfer was refused; nothing moved.";
  if (item.kind === "declined" && item.detail) return item.detail;
  return null;
}
