import { and, eq } from "drizzle-orm";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { log } from "@/server/log";
import { registerInboundHandler } from "@/server/providers/inbound";
import { applyCardAction } from "./apply";
import { findCardByToken } from "./find-card";
import { decide } from "./transitions";

/**
 * What the card network tells us about cards (server/providers/inbound.ts):
 * - physical.card.pin.changed: a PIN was set or changed on the hosted page. pin_set follows
 *   this event and nothing else (docs/card-program.md, PIN rule 7), so a missed event leaves it stale.
 * - physical.card.activated: the cardholder activated a physical card upstream; the same move as
 *   the sandbox's activate endpoint, minus telling the network what it just told us.
 * Registering twice replaces the handlers with the same ones (the onboarding's inbound
 * registration calls this).
 */
export function registerCardEventsInbound(): void {
  registerInboundHandler("physical.card.pin.changed", async (db, event) => {
    await markPinSet(db, event.orgId, event.data.card_token);
  });
  registerInboundHandler("physical.card.activated", async (db, event) => {
    await recordActivation(db, event.orgId, event.data.card_token);
  });
}

export async function markPinSet(db: Db, orgId: string, cardToken: string): Promise<void> {
  const updated = await db
    .update(cards)
    .set({ pinSet: true, updatedAt: new Date() })
    .where(and(eq(cards.cardToken, cardToken), eq(cards.orgId, orgId)))
    .returning({ id: cards.id });
  if (!updated.length) log.warn({ orgId }, "physical.card.pin.changed for an unknown card token");
}

async function recordActivation(db: Db, orgId: string, cardToken: string): Promise<void> {
  const ctx: Ctx = { orgId, db, actor: { type: "system", reason: "physical.card.activated" } };
  await db.transaction(async (tx) => {
    const card = await findCardByToken(tx, orgId, cardToken, { forUpdate: true });
    if (!card) return void log.warn({ orgId }, "physical.card.activated for an unknown card token");
    const outcome = decide("activate", card);
    // Already activated (a repeated event) or no longer usable: nothing to record.
    if (outcome.kind === "refusal")
      return void log.info({ orgId, cardId: card.id, code: outcome.code }, "physical.card.activated ignored");
    const [customer] = await tx
      .select()
      .from(cardCustomers)
      .where(and(eq(cardCustomers.id, card.customerId), eq(cardCustomers.orgId, orgId)));
    await applyCardAction({ ...ctx, db: tx }, tx, { customer: customer!, card }, "activate", {
      fromProvider: true,
    });
  });
}
