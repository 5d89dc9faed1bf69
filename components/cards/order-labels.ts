import type { StatusLabels } from "@/components/ui/badge";
import type { CardOrderStatus, ShippingCarrier, ShippingService } from "@/lib/contracts/card-orders";

/** How the console names a physical card order's status, carrier and service. */
export const ORDER_STATUS_LABELS: StatusLabels<CardOrderStatus> = {
  pending: { label: "Pending", tone: "muted" },
  submitted: { label: "At the printer", tone: "neutral" },
  shipped: { label: "Shipped", tone: "warning" },
  delivered: { label: "Delivered", tone: "success" },
  returned: { label: "Returned", tone: "danger" },
  failure: { label: "Failed", tone: "danger" },
  canceled: { label: "Canceled", tone: "muted" },
};

export const CARRIER_LABELS: Record<ShippingCarrier, string> = {
  dhl: "DHL",
  fedex: "FedEx",
  royal_mail: "Royal Mail",
  usps: "USPS",
};

export const SERVICE_LABELS: Record<ShippingService, string> = {
  standard: "Standard (7 days)",
  express: "Express (3 days)",
  priority: "Priority (1 day)",
};

export const ORDERS_PATH = "/cards/orders";

export function ordersHref(params: { status?: string; starting_after?: string }): string {
  const q = new URLSearchParams();
  if (params.status) q.set("status", params.status);
  if (params.starting_after) q.set("starting_after", params.starting_after);
  const s = q.toString();
  return s ? `${ORDERS_PATH}?${s}` : ORDERS_PATH;
}
