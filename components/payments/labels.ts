import type { BadgeTone } from "@/components/ui/badge";
import type { DEPOSIT_STATUSES, PAYOUT_STATUSES } from "@/lib/contracts/fiat-payments";

type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** A payout's status as a person reads it, and its badge tone. */
export const PAYOUT_STATUS: Record<PayoutStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "neutral" },
  processing: { label: "Processing", tone: "neutral" },
  completed: { label: "Completed", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
  returned: { label: "Returned", tone: "warning" },
};

/** A deposit's status as a person reads it, and its badge tone. */
export const DEPOSIT_STATUS: Record<DepositStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Awaiting payment", tone: "neutral" },
  completed: { label: "Completed", tone: "success" },
  cancelled: { label: "Cancelled", tone: "muted" },
};

export function payoutStatusLabel(status: PayoutStatus): string {
  return PAYOUT_STATUS[status].label.toLowerCase();
}

/** The id around the "Open a wallet" form (under Fiat wallets): the calculator's note links to it. */
export const OPEN_WALLET_ANCHOR = "open-wallet";
