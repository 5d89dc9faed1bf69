import { createHmac } from "node:crypto";
import { secrets } from "@/server/config/secrets";
import { safeEqual } from "@/server/crypto/hash";

/**
 * The 6-digit activation code printed on the letter that carries the card (docs/physical-cards.md,
 * Activation). It is derived, not stored: an HMAC of the order id under the server key, so the
 * printer's file and the check agree without a table of codes to leak, and the sandbox can show
 * it again for tests. 5 wrong tries lock it (card_orders.activation_attempts).
 */
export const MAX_ACTIVATION_TRIES = 5;

export function activationCodeOf(orderId: string): string {
  const mac = createHmac("sha256", secrets().encryptionKey).update(`card-activation:${orderId}`).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, "0");
}

export function activationCodeMatches(orderId: string, code: string): boolean {
  return safeEqual(activationCodeOf(orderId), code);
}
