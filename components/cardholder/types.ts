import type { Action } from "@/lib/action-result";
import type { MyAccount } from "@/lib/contracts/card-account";
import type { OrderPhysicalCardInput } from "@/lib/contracts/card-orders";
import type { SafeDeployment } from "@/lib/contracts/cards";
import type { DisputeReasonCode, DisputeStatus } from "@/lib/enums";

/**
 * The server actions the cardholder pages hand to these client components
 * (server/actions/cardholder-*.ts), typed here so no client module imports server/.
 */
type NoInput = Record<string, never>;

export type RequestCodeAction = Action<{ orgId: string; email: string }, { sent: true }>;
export type VerifyCodeAction = Action<{ orgId: string; email: string; code: string }, { redirectTo: string }>;
export type SignOutAction = Action<{ orgId: string }, { redirectTo: string }>;

export type KycLinkAction = Action<NoInput, { url: string }>;
export type SubmitSourceOfFundsAction = Action<
  { answers: { question: string; answer: string }[] },
  { done: true }
>;
export type RequestPhoneCodeAction = Action<{ phone: string }, { phone: string }>;
export type VerifyPhoneAction = Action<{ code: string }, { done: true }>;
export type DeployWalletAction = Action<NoInput, SafeDeployment>;
export type WalletProgressAction = Action<NoInput, SafeDeployment>;
export type CreateFirstCardAction = Action<NoInput, { card_id: string; last_four: string }>;
export type MyAccountAction = Action<NoInput, MyAccount>;

export type PinFormAction = Action<{ cardId: string }, { url: string; pinSet: boolean }>;
export type CardDetailsAction = Action<{ cardId: string }, { url: string }>;
export type FreezeAction = Action<{ cardId: string }, { frozen: boolean }>;

export interface SourceOfFundsQuestion {
  question: string;
  label: string;
  /** value: the stable option string the API takes; label: its words in the page's language. */
  options: { value: string; label: string }[];
}

export type { DisputeReasonCode, DisputeStatus };
export type FileMyDisputeAction = Action<
  { transactionId: string; reason_code: DisputeReasonCode; description: string; amount?: string },
  { dispute_id: string; status: DisputeStatus }
>;
/** GET .../transactions/dispute-reasons: a code and its words for the cardholder. */
export interface DisputeReasonOption {
  reason_code: string;
  description: string;
}

export type OrderPhysicalCardAction = Action<OrderPhysicalCardInput, { order_id: string; last_four: string }>;
export type ActivateMyCardAction = Action<
  { cardId: string; last_four: string; activation_code: string },
  { activated: boolean }
>;
export type CancelMyOrderAction = Action<{ orderId: string }, { order_id: string; status: string }>;
