import { verifyWebhookSignature } from "@/lib/webhooks/verify";
import type { CallResult, EndpointCall } from "./call";
import { endpointHeaders } from "./call";

/**
 * The sandbox's built-in receiver (url sandbox://sample-receiver; docs/authorization-endpoint.md,
 * Try it without code): answered in process, with the same signed request a real endpoint gets
 * and the check the documented receiver makes. Its policy shows each answer: up to 500.00 approved,
 * up to 1,000.00 approved for 500.00 (a partial approval), above that declined.
 */

export const SAMPLE_APPROVE_UP_TO_MINOR = 50_000;
export const SAMPLE_DECLINE_ABOVE_MINOR = 100_000;

export async function sampleAnswer(headers: Record<string, string>, body: string, secret: string) {
  const check = await verifyWebhookSignature({
    secret,
    body,
    timestamp: headers["x-svc-timestamp"],
    signature: headers["x-svc-signature"],
  });
  if (!check.ok) return { status: 400, body: JSON.stringify({ error: check.reason }) };
  const { data } = JSON.parse(body) as { data: { amount_minor: number } };
  if (data.amount_minor > SAMPLE_DECLINE_ABOVE_MINOR)
    return { status: 200, body: JSON.stringify({ approved: false, reason: "above the sample's 1,000.00" }) };
  if (data.amount_minor > SAMPLE_APPROVE_UP_TO_MINOR)
    return {
      status: 200,
      body: JSON.stringify({ approved: true, amount_minor: SAMPLE_APPROVE_UP_TO_MINOR, reason: "partial" }),
    };
  return { status: 200, body: JSON.stringify({ approved: true }) };
}

export async function callSampleReceiver(call: EndpointCall): Promise<CallResult> {
  const started = performance.now();
  const headers = endpointHeaders(call, String(Math.floor(Date.now() / 1000)));
  const answer = await sampleAnswer(headers, call.body, call.secret);
  const latencyMs = Math.round(performance.now() - started);
  return { headers, answer: { ...answer, latencyMs }, failure: null, error: null, latencyMs, late: null };
}
