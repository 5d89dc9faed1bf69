import type { WebhookEvent } from "../../clients/typescript";
import { checkDelivery } from "./verify-request";

/**
 * A Next.js route handler (app/api/hooks/route.ts): `await request.text()` is the raw body; never
 * `request.json()` before checking. Route handlers run on Node by default, and verify.ts runs on the
 * edge runtime too (Web Crypto only).
 *
 *   // app/api/hooks/route.ts
 *   export const POST = webhookRoute({ secret: process.env.SVC_WEBHOOK_SECRET!, onEvent: handle });
 */
export function webhookRoute(options: {
  secret: string;
  onEvent: (event: WebhookEvent) => void | Promise<void>;
}): (request: Request) => Promise<Response> {
  return async function POST(request) {
    const raw = await request.text();
    const checked = await checkDelivery(options.secret, raw, (name) => request.headers.get(name));
    if (!checked.ok) return new Response(checked.reason, { status: checked.status });
    await options.onEvent(checked.event);
    return new Response(null, { status: 204 });
  };
}
