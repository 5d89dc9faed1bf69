import type { EventView } from "@/lib/contracts/events";
import { computeWebhookSignature } from "@/lib/webhooks/verify";

/**
 * One forward of an event to the local receiver, signed as our webhooks are (docs/webhooks.md,
 * "Verifying a webhook"): the same envelope bytes, X-Svc-Timestamp and X-Svc-Signature
 * sha256=<hex HMAC-SHA256 of "timestamp.body"> keyed with the listener's secret, so the receiver
 * runs the very check it runs in production (lib/webhooks/verify.ts).
 */

export interface ForwardResult {
  ok: boolean;
  status?: number;
  error?: string;
  ms: number;
}

export async function forwardEvent(
  url: string,
  secret: string,
  event: EventView,
  timeoutMs = 30_000,
): Promise<ForwardResult> {
  const body = JSON.stringify(event);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "card-console-cli (listen)",
        "x-svc-event": event.type,
        // No delivery record exists for a local forward: the event id stands in, stable on a retry.
        "x-svc-delivery-id": `cli_${event.id}`,
        "x-svc-timestamp": timestamp,
        "x-svc-signature": await computeWebhookSignature(secret, timestamp, body),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    const ms = Math.round(performance.now() - started);
    return { ok: res.status >= 200 && res.status < 300, status: res.status, ms };
  } catch (err) {
    const ms = Math.round(performance.now() - started);
    const cause =
      err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    return { ok: false, error: cause, ms };
  }
}

/** 1 s, 2 s, 4 s, ... at most 30 s: the wait before the next try of a failed forward. */
export function backoffMs(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}

/** `--events card.frozen,transaction.*`: exact types, or a prefix ending in `.*`; none = every type. */
export function typeMatcher(list: string | undefined): (type: string) => boolean {
  const parts = (list ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.includes("*")) return () => true;
  return (type) => parts.some((p) => (p.endsWith(".*") ? type.startsWith(p.slice(0, -1)) : type === p));
}

export const RECEIVER_CHECK = [
  "A receiver checks each request as it checks our webhooks (lib/webhooks/verify.ts):",
  "  1. read the RAW body (before any JSON parsing);",
  "  2. expected = 'sha256=' + hex(HMAC-SHA256(key = the secret above, '<X-Svc-Timestamp>.<raw body>'));",
  "  3. compare with X-Svc-Signature in constant time; refuse a timestamp > 300 s from your clock;",
  "  4. deduplicate by the event's id, and keep the last `sequence` per object_id to drop stale updates.",
];
