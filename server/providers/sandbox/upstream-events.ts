import { registerCardInboundHandlers } from "@/server/cards/inbound";
import type { Db } from "@/server/db/client";
import { deliverInbound, type InboundEvent } from "@/server/providers/inbound";

let registered = false;

/**
 * Our domains' inbound handlers, registered once per module graph before the first upstream
 * news. deliverInbound ignores a type nobody registered (as a webhook receiver must), so a
 * simulator that delivered before registration would silently lose the change. Each entry
 * point (the API, Next's bundle, the worker, the CLI) is its own module graph, hence lazily here
 * rather than once at start-up.
 */
export function ensureInboundHandlers(): void {
  if (registered) return;
  registered = true;
  registerCardInboundHandlers();
}

/** How a simulator reports news: in the transaction of its own change, like a webhook a real upstream sends after committing. */
export async function raiseInbound(db: Db, event: InboundEvent): Promise<void> {
  ensureInboundHandlers();
  await deliverInbound(db, event);
}
