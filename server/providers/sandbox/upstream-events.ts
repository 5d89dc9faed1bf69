import type { Db } from "@/server/db/client";
import { deliverInbound, type InboundEvent } from "@/server/providers/inbound";

/**
 * How a simulator reports news: in the transaction of its own change, like a webhook a real
 * upstream sends after committing. The handlers are the ones server/boot.ts registered.
 */
export async function raiseInbound(db: Db, event: InboundEvent): Promise<void> {
  await deliverInbound(db, event);
}
