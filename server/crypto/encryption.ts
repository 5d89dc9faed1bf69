import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { secrets } from "@/server/config/secrets";

const VERSION = "v1";

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", each base64url. */
export function encryptSecret(plaintext: string, key: Buffer = secrets().encryptionKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

export function decryptSecret(sealed: string, key: Buffer = secrets().encryptionKey): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Unknown ciphertext format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
