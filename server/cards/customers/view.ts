import type { CardCustomerView, CardView } from "@/lib/contracts/cards";
import type { Ctx } from "@/server/context";
import { requireCardScope } from "../access";
import { nextActionOf } from "../flow";
import { cardsOf, findCustomerByAnyId, type CardCustomerRow, type CardRow } from "./find";

/** interface.md "Card": stolen reads as voided with is_stolen (stolen is permanently voided). */
export function cardView(card: CardRow): CardView {
  const status = card.status === "stolen" ? "voided" : card.status;
  return {
    card_id: card.id,
    last_four: card.lastFour,
    card_type: card.cardType,
    status,
    is_frozen: card.status === "frozen",
    is_lost: card.status === "lost",
    is_void: card.status === "voided" || card.status === "stolen",
    is_blocked: card.status === "blocked",
    is_stolen: card.status === "stolen",
    pin_set: card.pinSet,
    activated_at: card.activatedAt?.toISOString() ?? null,
    created_at: card.createdAt.toISOString(),
  };
}

/** A card still in the customer's hands (not voided, lost or stolen). */
export function isLiveCard(card: CardRow): boolean {
  return card.status === "active" || card.status === "frozen" || card.status === "blocked";
}

/** The customer's pin_set: a PIN is set on a card they can still use. */
export function customerPinSet(cardRows: CardRow[]): boolean {
  return cardRows.some((c) => isLiveCard(c) && c.pinSet);
}

/** interface.md "Card customer (card-issuer view)". Balances stay null until the wallet and the balance ledger exist. */
export function customerView(customer: CardCustomerRow, cardRows: CardRow[]): CardCustomerView {
  const pinSet = customerPinSet(cardRows);
  return {
    svc_card_id: customer.svcCardId,
    external_id: customer.externalId,
    email: customer.email,
    flow_status: customer.flowStatus,
    step: customer.step,
    next_action: nextActionOf(customer, pinSet),
    kyc_status: customer.kycStatus,
    currency: customer.currency,
    safe_deployed: customer.safeState === "deployed",
    ledger_balance: null,
    available_balance: null,
    pending_balance: null,
    ledger_balance_minor: null,
    available_balance_minor: null,
    pending_balance_minor: null,
    balance_freshness: null,
    balance_updated_at: null,
    cards_count: cardRows.length,
    pin_set: pinSet,
    cards: cardRows.map(cardView),
    created_at: customer.createdAt.toISOString(),
  };
}

/** GET /v1/card-issuer/customers/{customerId}: by svc_card_id, record id or external id. */
export async function getIssuerCustomer({ ctx, input }: { ctx: Ctx; input: { customerId: string } }): Promise<CardCustomerView> {
  requireCardScope(ctx, "read");
  const customer = await findCustomerByAnyId(ctx, input.customerId);
  return customerView(customer, await cardsOf(ctx.db, ctx.orgId, customer.id));
}
