import { computeStandardSignature, verifyStandardWebhook } from "@/lib/webhooks/standard-verify";
import {
  computeWebhookSignature,
  constantTimeEqual,
  SIGNATURE_TOLERANCE_SECONDS,
  verifyWebhookSignature,
} from "@/lib/webhooks/verify";

/**
 * What the signature checker (components/webhooks/signature-checker.tsx) says of what was pasted:
 * the X-Svc headers (X-Svc-Signature, or X-Svc-Signature-Previous during a rotation's grace window)
 * and the Standard Webhooks headers, each checked with the code receivers copy (lib/webhooks/).
 */

export interface Verdict {
  ok: boolean;
  /** Which header the verdict is about: "X-Svc-Signature", "webhook-signature", ... */
  scheme: string;
  title: string;
  detail?: string;
  /** The signature this secret, timestamp and body give, when the comparison got that far. */
  expected?: string;
}

export interface Pasted {
  secret: string;
  body: string;
  timestamp: string;
  signature: string;
  previousSignature: string;
  webhookId: string;
  webhookTimestamp: string;
  webhookSignature: string;
}

/** A header pasted whole ("X-Svc-Signature: sha256=...") is accepted as well as its value. */
export const headerValue = (typed: string, name: string) =>
  typed.trim().replace(new RegExp(`^${name}\\s*:\\s*`, "i"), "");

async function svcVerdict(p: Pasted): Promise<Verdict> {
  const { secret, timestamp, body, signature, previousSignature } = p;
  const scheme = "X-Svc-Signature";
  const result = await verifyWebhookSignature({ secret, body, timestamp, signature, previousSignature });
  if (result.ok) {
    // verify.ts compares every header given; here, say which one this secret signed.
    const expected = await computeWebhookSignature(secret, timestamp, body);
    const current = constantTimeEqual(expected, signature);
    return {
      ok: true,
      scheme: current ? "X-Svc-Signature" : "X-Svc-Signature-Previous",
      title: current ? "X-Svc-Signature matches." : "X-Svc-Signature-Previous matches.",
      detail: current
        ? "Signed with this secret (the newest one); the body is unchanged and the timestamp is recent."
        : "Signed with this secret as the old one of a rotation still in its grace window: switch your " +
          "receiver to the new secret before the window ends.",
    };
  }
  switch (result.reason) {
    case "missing_header":
      return { ok: false, scheme, title: "Something is missing.", detail: result.message };
    case "malformed_signature":
      return {
        ok: false,
        scheme,
        title: "Wrong signature format.",
        detail: `${result.message} Paste the X-Svc-Signature header's value, e.g. sha256=3f1c…`,
      };
    case "malformed_timestamp":
      return {
        ok: false,
        scheme,
        title: "Wrong timestamp format.",
        detail:
          `${result.message} Paste the X-Svc-Timestamp header's value, ` +
          `e.g. ${Math.floor(Date.now() / 1000)}.`,
      };
    case "timestamp_out_of_tolerance": {
      // Still worth knowing whether the HMAC itself is right: then only the age is the problem.
      const expected = await computeWebhookSignature(secret, timestamp, body);
      const hmacOk = [signature, previousSignature].some((v) => v && constantTimeEqual(expected, v));
      return {
        ok: false,
        scheme,
        title: `Timestamp outside ${SIGNATURE_TOLERANCE_SECONDS} s.`,
        detail:
          `${result.message} ` +
          (hmacOk
            ? "The HMAC itself matches: only the age of the request is refused."
            : "The HMAC does not match either."),
        expected: hmacOk ? undefined : expected,
      };
    }
    case "signature_mismatch":
      return {
        ok: false,
        scheme,
        title: previousSignature ? "Neither X-Svc header matches." : "The HMAC differs.",
        detail: result.message,
        expected: await computeWebhookSignature(secret, timestamp, body),
      };
  }
}

async function standardVerdict(p: Pasted): Promise<Verdict> {
  const scheme = "webhook-signature";
  const input = { secret: p.secret, body: p.body, id: p.webhookId, timestamp: p.webhookTimestamp };
  const result = await verifyStandardWebhook({ ...input, signature: p.webhookSignature });
  if (result.ok)
    return {
      ok: true,
      scheme,
      title: "webhook-signature (Standard Webhooks) matches.",
      detail:
        result.matchedIndex === 0
          ? "Its first value, signed with this secret (the newest one)."
          : `Its value ${result.matchedIndex + 1}, signed with this secret as the old one of a rotation in its ` +
            "grace window.",
    };
  const expected =
    result.reason === "signature_mismatch"
      ? await computeStandardSignature(p.secret, p.webhookId, p.webhookTimestamp, p.body)
      : null;
  return {
    ok: false,
    scheme,
    title:
      result.reason === "signature_mismatch"
        ? "webhook-signature does not match."
        : "Standard Webhooks headers.",
    detail: result.message,
    expected: expected ?? undefined,
  };
}

/** A verdict per set of headers pasted (X-Svc, Standard Webhooks, or both). */
export async function verdictsOf(p: Pasted): Promise<Verdict[]> {
  const svc = Boolean(p.signature || p.previousSignature || p.timestamp);
  const standard = Boolean(p.webhookSignature || p.webhookId || p.webhookTimestamp);
  const out: Verdict[] = [];
  if (svc || !standard) out.push(await svcVerdict(p));
  if (standard) out.push(await standardVerdict(p));
  return out;
}
