import type { BadgeTone } from "@/components/ui/badge";
import type { GATEWAY_STATUSES } from "@/lib/contracts/gateway";
import type { SWAP_STATUSES } from "@/lib/contracts/swaps";

type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

/** A gateway payment's status as a person reads it, and its badge tone. */
export const GATEWAY_STATUS: Record<GatewayStatus, { label: string; tone: BadgeTone }> = {
  awaiting_payment: { label: "Awaiting payment", tone: "neutral" },
  paid: { label: "Paid", tone: "success" },
  underpaid: { label: "Underpaid", tone: "warning" },
  overpaid: { label: "Overpaid", tone: "warning" },
  expired: { label: "Expired", tone: "muted" },
};

/** The gateway's event types (gateway.payment.paid ...) as a line of the payment's history. */
export function gatewayEventLabel(type: string): string {
  const what = type.replace(/^.*\./, "");
  if (what === "created") return "Payment created";
  const status = GATEWAY_STATUS[what as GatewayStatus];
  return status ? status.label : what.replace(/_/g, " ");
}

type SwapStatus = (typeof SWAP_STATUSES)[number];

/** A swap's status as a person reads it, and its badge tone. */
export const SWAP_STATUS: Record<SwapStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "neutral" },
  processing: { label: "Processing", tone: "neutral" },
  completed: { label: "Completed", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};

/** The checks of a screening as a person names them. */
export const CHECK_LABELS: Record<string, string> = {
  sanctions: "Sanctions",
  fraud: "Fraud",
  darknet: "Darknet markets",
  mixer: "Mixers",
};
