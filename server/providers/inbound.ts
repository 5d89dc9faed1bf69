import type { Db } from "@/server/db/client";

/**
 * Events upstreams send us (a real provider by webhook; the simulators call deliverInbound in
 * the transaction of their own change). Our domains register what they do with each type, so
 * the simulated upstream drives exactly the path a real one would.
 */
export type InboundEvent =
  | { type: "kyc.status.changed"; orgId: string; data: { applicant_id: string; external_ref: string } }
  | {
      type: "account.safe.deployed";
      orgId: string;
      data: { address: string; owner_ref: string; account_status: number };
    }
  | { type: "account.safe.failed"; orgId: string; data: { address: string; owner_ref: string } }
  | { type: "physical.card.pin.changed"; orgId: string; data: { card_token: string } }
  | { type: "physical.card.activated"; orgId: string; data: { card_token: string } };

export type InboundType = InboundEvent["type"];
type Handler<T extends InboundType> = (db: Db, event: Extract<InboundEvent, { type: T }>) => Promise<void>;

/**
 * Filled by server/boot.ts. On globalThis, like the database and the providers: Next's bundles
 * load their own copy of this module, and a simulator called there must find the handlers.
 */
const GLOBAL_KEY = Symbol.for("svc.inboundHandlers");

function handlers(): Map<InboundType, Handler<InboundType>> {
  const holder = globalThis as { [GLOBAL_KEY]?: Map<InboundType, Handler<InboundType>> };
  return (holder[GLOBAL_KEY] ??= new Map());
}

/** Registers (or replaces) what our domains do with one type of upstream news. */
export function registerInboundHandler<T extends InboundType>(type: T, handler: Handler<T>): void {
  handlers().set(type, handler as unknown as Handler<InboundType>);
}

/** Unknown or unhandled types are ignored, as a webhook receiver should. */
export async function deliverInbound(db: Db, event: InboundEvent): Promise<void> {
  const handler = handlers().get(event.type);
  if (handler) await handler(db, event);
}
