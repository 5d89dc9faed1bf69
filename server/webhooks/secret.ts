import { randomBytes } from "node:crypto";
import { randomBase62 } from "@/lib/ids";
import { decryptSecret, encryptSecret } from "@/server/crypto/encryption";

/** whsec_ + base64 of 32 random bytes (decisions.md 10). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export const sealWebhookSecret = (secret: string) => encryptSecret(secret);
export const openWebhookSecret = (sealed: string) => decryptSecret(sealed);

/** Ids of this domain; lib/ids.ts IdPrefix does not list them yet. */
export const newWebhookId = () => `whk_${randomBase62(20)}`;
export const newDeliveryId = () => `whd_${randomBase62(20)}`;
export const newAttemptId = () => `wha_${randomBase62(20)}`;
