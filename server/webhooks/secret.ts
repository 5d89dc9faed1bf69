import { randomBytes } from "node:crypto";
import { newId } from "@/lib/ids";
import { decryptSecret, encryptSecret } from "@/server/crypto/encryption";

/** whsec_ + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export const sealWebhookSecret = (secret: string) => encryptSecret(secret);
export const openWebhookSecret = (sealed: string) => decryptSecret(sealed);

export const newWebhookId = () => newId("whk");
export const newDeliveryId = () => newId("whd");
export const newAttemptId = () => newId("wha");
