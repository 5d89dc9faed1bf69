import { hash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * One-shot (crypto.hash, Node 20.12 and later: package.json's engines): a third of createHash's
 * cost, and every API request hashes its credential.
 */
export function sha256Hex(value: string | Buffer): string {
  return hash("sha256", value, "hex");
}

/** Constant-time string equality (lengths leak, contents do not). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** An opaque bearer secret: prefix + 43 base64url chars (256 bits). */
export function newOpaqueToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}
