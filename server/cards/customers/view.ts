import type { CardCustomerView, CardView } from "@/lib/contracts/cards";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { customerBalanceOf, type CustomerBalanceRow } from "@/server/balances/read";
import type { Ctx } from "@/server/context";
import { nextActionOf } from "../flow";
import { type CardCustomerRow, type CardRow, cardsOf, findCustomerByAnyId } from "./find";

/** The card view: stolen reads as voided with is_stolen (stolen is permanently voided). */
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
    exp_month: card.expMonth,
    exp_year: card.expYear,
    replacement_for: card.replacementFor,
    replacement_reason: card.replacementReason,
    replaced_by: card.replacedBy,
    created_at: card.createdAt.toISOString(),
    metadata: card.metadata,
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

type BalanceFields = Pick<
  CardCustomerView,
  | "ledger_balance"
  | "available_balance"
  | "pending_balance"
  | "ledger_balance_minor"
  | "available_balance_minor"
  | "pending_balance_minor"
  | "balance_freshness"
  | "balance_updated_at"
>;

/**
 * The balance fields of the issuer view: null everything before the wallet; realtime balances
 * know their holds (available = ledger - pending) and the time of the last notification; a
 * balance read from the chain knows no holds (pending null, available = ledger, no notification time).
 */
export function balanceFields(customer: CardCustomerRow, balance: CustomerBalanceRow | null): BalanceFields {
  if (!balance || customer.safeState !== "deployed") {
    return {
      ledger_balance: null,
      available_balance: null,
      pending_balance: null,
      ledger_balance_minor: null,
      available_balance_minor: null,
      pending_balance_minor: null,
      balance_freshness: null,
      balance_updated_at: null,
    };
  }
  const realtime = balance.freshness === "realtime";
  const pending = realtime ? balance.pendingMinor : null;
  const available = balance.ledgerMinor - (pending ?? 0);
  return {
    ledger_balance: toMajor(balance.ledgerMinor),
    available_balance: toMajor(available),
    pending_balance: toMajor(pending),
    ledger_balance_minor: balance.ledgerMinor,
    available_balance_minor: available,
    pending_balance_minor: pending,
    balance_freshness: balance.freshness,
    balance_updated_at: realtime ? (balance.notifiedAt?.toISOString() ?? null) : null,
  };
}

/**
 * The card customer (issuer view, cardCustomerViewSchema in lib/contracts/cards.ts). Balances are null
 * until the wallet is deployed (pass its balance row).
 */
export function customerView(
  customer: CardCustomerRow,
  cardRows: CardRow[],
  balance: CustomerBalanceRow | null = null,
): CardCustomerView {
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
    ...balanceFields(customer, balance),
    cards_count: cardRows.length,
    pin_set: pinSet,
    cards: cardRows.map(cardView),
    created_at: customer.createdAt.toISOString(),
    metadata: customer.metadata,
  };
}

/** One customer with what a detail view needs beside the view: the row and its card rows. */
export interface IssuerCustomerDetail {
  view: CardCustomerView;
  row: CardCustomerRow;
  cards: CardRow[];
}

/** A customer by svc_card_id, record id or external id: the REST view and the dashboard page share it. */
export async function getIssuerCustomerDetail({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { customerId: string };
}): Promise<IssuerCustomerDetail> {
  authorize(ctx, "getIssuerCustomer");
  const row = await findCustomerByAnyId(ctx, input.customerId);
  const [cards, balance] = await Promise.all([
    cardsOf(ctx.db, ctx.orgId, row.id),
    customerBalanceOf(ctx.db, ctx.orgId, row.id),
  ]);
  return { view: customerView(row, cards, balance), row, cards };
}

/** GET /v1/card-issuer/customers/{customerId}: by svc_card_id, record id or external id. */
export async function getIssuerCustomer(args: {
  ctx: Ctx;
  input: { customerId: string };
}): Promise<CardCustomerView> {
  return (await getIssuerCustomerDetail(args)).view;
}
