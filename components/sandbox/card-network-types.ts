import type { Action } from "@/lib/action-result";
import type { CardTransactionView } from "@/lib/contracts/card-transactions";
import type { DepositView, MoneyCurrency } from "@/lib/contracts/money";

/** How many of the latest transactions the Sandbox page lists (its first render and the live read). */
export const RECENT_LIMIT = 10;

/** A card the Sandbox page may charge (server/issuer/sandbox-card-picker.ts). */
export interface PickableCard {
  card_id: string;
  last_four: string;
  card_type: "virtual" | "physical";
  status: string;
  svc_card_id: string;
  email: string;
  currency: MoneyCurrency | null;
}

export interface PurchaseInput {
  card_id: string;
  amount: string;
  currency: MoneyCurrency;
  merchant?: string;
  merchant_category?: string;
  merchant_city?: string;
  merchant_country?: string;
  type: "purchase" | "withdrawal";
}

type Txn = Pick<
  CardTransactionView,
  "transaction_id" | "status" | "amount_minor" | "currency" | "merchant" | "decline_code" | "decline_reason"
>;
type WithAmount = { transactionId: string; amount?: string };

/** server/actions/sandbox-card-network.ts, handed down by the Sandbox page. */
export interface CardNetworkActions {
  authorize: Action<PurchaseInput, Txn>;
  settle: Action<WithAmount, Txn>;
  reverse: Action<WithAmount, Txn>;
  refund: Action<WithAmount, Txn>;
  expire: Action<{ transactionId: string }, Txn>;
  fail: Action<{ transactionId: string }, Txn>;
}

export interface DepositActions {
  deposit: Action<{ currency: MoneyCurrency; amount: string; two_step: boolean }, DepositView>;
  settle: Action<{ settlementId: string }, DepositView>;
}

/** What a transaction allows next in the sandbox network (the service checks again). */
export type TransactionMove = "settle" | "reverse" | "expire" | "fail" | "refund";

export function movesOf(t: { status: string; type: string }): TransactionMove[] {
  if (t.status === "authorized" || t.status === "partially_reversed")
    return ["settle", "reverse", "expire", "fail"];
  if (t.status === "settled" && t.type === "purchase") return ["refund"];
  return [];
}

export const MOVE_COPY: Record<
  TransactionMove,
  { label: string; done: string; partial: boolean; effect: string }
> = {
  settle: {
    label: "Settle",
    done: "Settled",
    partial: true,
    effect:
      "The merchant's batch clears it: the ledger is debited and the hold " +
      "released. Another amount may be settled.",
  },
  reverse: {
    label: "Reverse",
    done: "Reversed",
    partial: true,
    effect: "The merchant cancels the hold, in full or in part; a part leaves it partly reversed.",
  },
  refund: {
    label: "Refund",
    done: "Refunded",
    partial: true,
    effect: "The merchant returns money for this purchase: a refund transaction credits the wallet.",
  },
  expire: {
    label: "Expire",
    done: "Expired",
    partial: false,
    effect: "The authorization runs out before settlement: the hold is released.",
  },
  fail: {
    label: "Fail",
    done: "Failed",
    partial: false,
    effect: "The transaction fails after authorization: the hold is released.",
  },
};
