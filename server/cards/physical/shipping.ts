import { randomInt } from "node:crypto";
import type { ShippingCarrier, ShippingService } from "@/lib/contracts/card-orders";

/**
 * What a shipment gets when it leaves the printer (docs/physical-cards.md, Shipping): the carrier
 * by service and country, a tracking number in the carrier's own form, its public tracking page,
 * and the expected delivery by service. Standard goes by the national post where we know its
 * tracking page (Royal Mail, USPS), else DHL; express by DHL Express; priority by FedEx.
 */
export const ETA_DAYS: Record<ShippingService, number> = { standard: 7, express: 3, priority: 1 };

export function carrierFor(service: ShippingService, country: string): ShippingCarrier {
  if (service === "priority") return "fedex";
  if (service === "express") return "dhl";
  if (country === "GB") return "royal_mail";
  if (country === "US") return "usps";
  return "dhl";
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join("");

export function trackingNumberFor(carrier: ShippingCarrier): string {
  switch (carrier) {
    case "royal_mail":
      return `RM${digits(9)}GB`;
    case "usps":
      return `9400${digits(18)}`;
    case "fedex":
      return digits(12);
    case "dhl":
      return `JD01${digits(16)}`;
  }
}

const TRACKING_PAGES: Record<ShippingCarrier, string> = {
  dhl: "https://www.dhl.com/en/express/tracking.html?AWB=",
  fedex: "https://www.fedex.com/fedextrack/?trknbr=",
  royal_mail: "https://www.royalmail.com/track-your-item#/tracking-results/",
  usps: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
};

export function trackingUrlFor(carrier: ShippingCarrier, trackingNumber: string): string {
  return `${TRACKING_PAGES[carrier]}${encodeURIComponent(trackingNumber)}`;
}

export function etaFor(service: ShippingService, shippedAt: Date): Date {
  return new Date(shippedAt.getTime() + ETA_DAYS[service] * 86_400_000);
}
