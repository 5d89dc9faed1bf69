/**
 * Receiver-side check of a webhook request (docs/webhooks.md, Verifying a webhook). Copy this file
 * into your app: it has no dependencies and runs wherever Web Crypto does (Node 20+, Next.js route
 * handlers, edge runtimes, browsers).
 *
 *   const raw = await req.text(); // the raw body: never JSON.parse + JSON.stringify before checking
 *   const result = await verifyWebhookSignature({
 *     secret, body: raw, timestamp: req.headers.get("x-svc-timestamp"),
 *     signature: req.headers.get("x-svc-signature"),
 *     previousSignature: req.headers.get("x-svc-signature-previous"),
 *   });
 *   if (!result.ok) return new Response(result.reason, { status: 400 });
 *
 * During a secret rotation's grace window X-Svc-Signature is signed with the new secret and
 * X-Svc-Signature-Previous with the old one, so the secret this receiver holds, old or new, verifies.
 */

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type VerifyFailure =
  | "missing_header"
  | "malformed_signature"
  | "malformed_timestamp"
  | "timestamp_out_of_tolerance"
  | "signature_mismatch";

export type VerifyResult = { ok: true } | { ok: false; reason: VerifyFailure; message: string };

export interface VerifyInput {
  /** The subscription's signing secret, whsec_... (the whole string is the HMAC key). */
  secret: string;
  /** The raw request body, exactly as received (a string decoded as UTF-8, or the bytes). */
  body: string | Uint8Array;
  /** X-Svc-Timestamp. */
  timestamp: string | null | undefined;
  /** X-Svc-Signature: sha256=<hex>, signed with the newest secret. */
  signature: string | null | undefined;
  /** X-Svc-Signature-Previous: sha256=<hex>, signed with the old secret during a rotation's grace window. */
  previousSignature?: string | null;
  /** Seconds either side of now; default 300. */
  toleranceSeconds?: number;
  /** Unix seconds; default the clock. */
  now?: number;
}

const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer): string {
  let out = "";
  for (const b of new Uint8Array(bytes)) out += b.toString(16).padStart(2, "0");
  return out;
}

/** Equal strings in time that depends on the length only, not on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** sha256=<lowercase hex HMAC-SHA256 of `${timestamp}.${body}`>, keyed with the secret. */
export async function computeWebhookSignature(
  secret: string,
  timestamp: string,
  body: string | Uint8Array,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const bodyBytes = typeof body === "string" ? encoder.encode(body) : body;
  const prefix = encoder.encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bodyBytes.length);
  signed.set(prefix, 0);
  signed.set(bodyBytes, prefix.length);
  return `sha256=${toHex(await crypto.subtle.sign("HMAC", key, signed))}`;
}

export async function verifyWebhookSignature(input: VerifyInput): Promise<VerifyResult> {
  const { timestamp, signature } = input;
  const signatures = [signature, input.previousSignature].filter((v): v is string => Boolean(v));
  if (!timestamp || !signature)
    return {
      ok: false,
      reason: "missing_header",
      message: "X-Svc-Timestamp and X-Svc-Signature are both required.",
    };
  if (!signatures.every((v) => /^sha256=[0-9a-f]{64}$/.test(v)))
    return {
      ok: false,
      reason: "malformed_signature",
      message: "The signature must be sha256= followed by 64 lowercase hex digits.",
    };
  if (!/^\d{1,12}$/.test(timestamp))
    return { ok: false, reason: "malformed_timestamp", message: "The timestamp must be Unix seconds." };
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance) {
    return {
      ok: false,
      reason: "timestamp_out_of_tolerance",
      message:
        `The timestamp is ${now - Number(timestamp)} s from this clock; at most ${tolerance} s is accepted ` +
        `(a replay, or a clock out of sync).`,
    };
  }
  const expected = await computeWebhookSignature(input.secret, timestamp, input.body);
  // Every header compared (no early exit), so the time does not tell which one matched.
  const matches = signatures.map((v) => constantTimeEqual(expected, v));
  if (!matches.includes(true)) {
    return {
      ok: false,
      reason: "signature_mismatch",
      message:
        "The signature does not match: wrong secret (rotated, and the grace window over?), or the body " +
        "was changed (re-serialized JSON, trimmed whitespace, another " +
        "encoding).",
    };
  }
  return { ok: true };
}
