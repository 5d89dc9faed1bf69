import type { FlowStatus } from "@/lib/enums";
import type { CardCustomerRow } from "./customers/find";

/**
 * Onboarding (docs/card-program.md): the step of each flow_status, and the next_action sentence the
 * API and the dashboard show. Steps only move forward; `rejected` is the exit of identity
 * verification and keeps step 2.
 */
export const STEP_OF_FLOW = {
  email_verification: 1,
  identity_verification: 2,
  source_of_funds: 3,
  phone_verification: 4,
  account_setup: 5,
  active: 6,
  rejected: 2,
} as const satisfies Record<FlowStatus, number>;

export type FlowStatusName = keyof typeof STEP_OF_FLOW;

/** The six steps as the dashboard timeline names them. */
export const ONBOARDING_STEPS: { step: number; flowStatus: FlowStatusName; title: string }[] = [
  { step: 1, flowStatus: "email_verification", title: "Email verified" },
  { step: 2, flowStatus: "identity_verification", title: "Identity verified" },
  { step: 3, flowStatus: "source_of_funds", title: "Source of funds declared" },
  { step: 4, flowStatus: "phone_verification", title: "Phone verified" },
  { step: 5, flowStatus: "account_setup", title: "Wallet deployed and card created" },
  { step: 6, flowStatus: "active", title: "Active" },
];

export const PIN_MISSING_ACTION =
  "The customer can spend online; they must set the card PIN before in-store payments work.";

/** What must happen next, in words for an issuer's staff and developers. */
export function nextActionOf(
  c: Pick<CardCustomerRow, "flowStatus" | "kycStatus" | "safeState">,
  pinSet: boolean,
): string {
  switch (c.flowStatus) {
    case "email_verification":
      return "Verify the email address with the 6-digit code sent to it.";
    case "identity_verification":
      switch (c.kycStatus) {
        case "in_progress":
          return "Finish identity verification on the hosted KYC page.";
        case "pending_review":
          return "Wait: identity verification is being reviewed.";
        case "expired":
          return "Identity verification expired: request a new KYC link.";
        default:
          return "Complete identity verification on the hosted KYC page.";
      }
    case "source_of_funds":
      return "Answer the source-of-funds questions.";
    case "phone_verification":
      return "Verify a mobile phone number with the SMS code.";
    case "account_setup":
      switch (c.safeState) {
        case "processing":
          return "Wait for the account wallet deployment to finish.";
        case "deployed":
          return "Create the first virtual card.";
        case "failed":
          return "The account wallet deployment failed: deploy it again.";
        default:
          return "Deploy the account wallet.";
      }
    case "active":
      return pinSet ? "The customer can spend with the card." : PIN_MISSING_ACTION;
    case "rejected":
      return "Identity verification was rejected: the customer cannot be issued a card.";
  }
}
