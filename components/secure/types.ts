import type { Action } from "@/lib/action-result";

/** What the secure page's PIN form sends (server/actions/secure-page.ts). */
export interface SubmitPinInput {
  viewId: string;
  /** The proof handed out with this opening of the page (server/providers/sandbox/secure-page.ts). */
  formSecret: string;
  pin: string;
  confirmPin: string;
}

export type SubmitPinAction = Action<SubmitPinInput, { done: true }>;

export type SecureViewKind = "pin_setup" | "pin_change" | "details_and_pin";

export interface SecureCardDetails {
  pan: string;
  expiry: string;
  cvv: string;
}
