import { constantTimeEqual, SIGNATURE_TOLERANCE_SECONDS } from "./verify";

/**
 * Receiver-side check of the Standard Webhooks headers (docs/webhooks.md, Standard Webhooks
 * headers), sent with `standard_webhooks: true`: `webhook-signature` holds `v1,<base64 HMAC-SHA256
 * of "id.timestamp.body">`, keyed with the secret's base64 part decoded, several values separated
 * by spaces during a rotation's grace window (newest first). Web Crypto only, so it runs in the
 * console's signature checker too; the reference `standardwebhooks` package agrees with it
 * (lib/webhooks/standard-verify.test.ts).
 */

export type StandardVerifyResult =
  | { ok: true; /** Which of the header's values matched: 0 is the newest secret's. */ matchedIndex: number }
  | {
      ok: false;
      reason:
        | "missing_header"
        | "malformed_secret"
        | "malformed_signature"
        | "malformed_timestamp"
        | "timestamp_out_of_tolerance"
        | "signature_mismatch";
      message: string;
    };

export interface StandardVerifyInput {
  /** whsec_<base64>: the subscription's secret. */
  secret: string;
  body: string | Uint8Array;
  /** webhook-id */
  id: string | null | undefined;
  /** webhook-timestamp */
  timestamp: string | null | undefined;
  /** webhook-signature */
  signature: string | null | undefined;
  toleranceSeconds?: number;
  now?: number;
}

const encoder = new TextEncoder();

function base64ToBytes(b64: string): Uint8Array | null {
  try {
    const bin = atob(b64);
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function bytesToBase64(bytes: ArrayBuffer): string {
  let bin = "";
  for (const b of new Uint8Array(bytes)) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** v1,<base64>: the value the newest secret gives for this id, timestamp and body. */
export async function computeStandardSignature(
  secret: string,
  id: string,
  timestamp: string,
  body: string | Uint8Array,
): Promise<string | null> {
  const key = base64ToBytes(secret.startsWith("whsec_") ? secret.slice(6) : secret);
  if (!key || key.length === 0) return null;
  const hmacKey = await crypto.subtle.importKey(
    "raw",
    key as BufferSource,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const bodyBytes = typeof body === "string" ? encoder.encode(body) : body;
  const prefix = encoder.encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bodyBytes.length);
  signed.set(prefix, 0);
  signed.set(bodyBytes, prefix.length);
  return `v1,${bytesToBase64(await crypto.subtle.sign("HMAC", hmacKey, signed))}`;
}

export async function verifyStandardWebhook(input: StandardVerifyInput): Promise<StandardVerifyResult> {
  const { id, timestamp, signature } = input;
  if (!id || !timestamp || !signature)
    return {
      ok: false,
      reason: "missing_header",
      message: "webhook-id, webhook-timestamp and webhook-signature are all required.",
    };
  const values = signature.trim().split(/\s+/);
  if (!values.every((v) => /^v1,[A-Za-z0-9+/]+={0,2}$/.test(v)))
    return {
      ok: false,
      reason: "malformed_signature",
      message: "webhook-signature holds v1,<base64> values separated by spaces.",
    };
  if (!/^\d{1,12}$/.test(timestamp))
    return { ok: false, reason: "malformed_timestamp", message: "webhook-timestamp must be Unix seconds." };
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance)
    return {
      ok: false,
      reason: "timestamp_out_of_tolerance",
      message: `webhook-timestamp is ${now - Number(timestamp)} s from this clock; at most ${tolerance} s is accepted.`,
    };
  const expected = await computeStandardSignature(input.secret.trim(), id, timestamp, input.body);
  if (!expected)
    return {
      ok: false,
      reason: "malformed_secret",
      message: "The secret must be whsec_ followed by base64.",
    };
  const matches = values.map((v) => constantTimeEqual(expected, v));
  const matchedIndex = matches.indexOf(true);
  if (matchedIndex < 0)
    return {
      ok: false,
      reason: "signature_mismatch",
      message: "No value of webhook-signature matches this secret, id, timestamp and body.",
    };
  return { ok: true, matchedIndex };
}
