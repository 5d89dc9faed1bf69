import { newId, randomBase62 } from "@/lib/ids";
import type { CardCustomerRow, CardRow } from "@/server/cards/customers/find";
import { bumpCardCount } from "@/server/cards/lifecycle/card-counts";
import type { Db } from "@/server/db/client";
import { cardCustomers, cards, type CardStatus } from "@/server/db/schema/cards";
import { providers } from "@/server/providers/current";
import { uniqueEmail } from "./fixtures";

/**
 * Every field of a card's view (sorted): a card in the card-issuer customer view; a card on its own
 * (POST .../cards) adds svc_card_id.
 */
export const CARD_VIEW_FIELDS = [
  "activated_at",
  "card_id",
  "card_type",
  "created_at",
  "exp_month",
  "exp_year",
  "is_blocked",
  "is_frozen",
  "is_lost",
  "is_stolen",
  "is_void",
  "last_four",
  "metadata",
  "pin_set",
  "replaced_by",
  "replacement_for",
  "replacement_reason",
  "status",
];

/**
 * A card customer who finished every onboarding step but the card (step 5, account_setup):
 * email verified, KYC approved with a currency, source of funds answered, phone verified and
 * the wallet deployed (our record). Built straight in the database so the card tests do not
 * depend on the onboarding code; `overrides` takes any column (e.g. phoneVerifiedAt: null).
 */
export async function createReadyCustomer(
  db: Db,
  orgId: string,
  overrides: Partial<typeof cardCustomers.$inferInsert> = {},
): Promise<CardCustomerRow> {
  const now = new Date();
  const [row] = await db
    .insert(cardCustomers)
    .values({
      id: newId("cus"),
      svcCardId: newId("sc"),
      orgId,
      email: uniqueEmail("cardholder"),
      origin: "issuer",
      externalId: `ext-${randomBase62(8)}`,
      step: 5,
      flowStatus: "account_setup",
      emailVerifiedAt: now,
      kycStatus: "approved",
      kycUpdatedAt: now,
      currency: "EUR",
      sourceOfFunds: [{ question: "EMPLOYMENT_STATUS", answer: "EMPLOYED" }],
      sourceOfFundsAt: now,
      phone: "+4915112345678",
      phoneVerifiedAt: now,
      safeState: "deployed",
      safeAddress: `0x${randomBase62(40)
        .replace(/[^0-9a-f]/gi, "a")
        .toLowerCase()
        .slice(0, 40)
        .padEnd(40, "0")}`,
      safeRequestedAt: now,
      safeDeployedAt: now,
      accountStatus: 0,
      ...overrides,
    })
    .returning();
  return row!;
}

export interface TestCardOptions {
  cardType?: "virtual" | "physical";
  status?: CardStatus;
  /** Physical cards only: false leaves activated_at null. Virtual cards are always activated. */
  activated?: boolean;
  pinSet?: boolean;
}

/**
 * A card of `customer` in any state, issued by the real (sandbox) card provider so the card
 * network knows its token, then written as our record with the stamps its state implies.
 */
export async function createTestCard(
  db: Db,
  customer: CardCustomerRow,
  opts: TestCardOptions = {},
): Promise<CardRow> {
  const cardType = opts.cardType ?? "virtual";
  const status = opts.status ?? "active";
  const cardId = newId("crd");
  const issued = await providers().cards.issueVirtualCard(db, {
    orgId: customer.orgId,
    cardId,
    currency: customer.currency ?? "EUR",
  });
  if (status !== "active")
    await providers().cards.setCardStatus(db, { orgId: customer.orgId, cardToken: issued.cardToken, status });
  const at = new Date(Date.now() - 60_000);
  const [row] = await db
    .insert(cards)
    .values({
      id: cardId,
      orgId: customer.orgId,
      customerId: customer.id,
      cardToken: issued.cardToken,
      lastFour: issued.lastFour,
      cardType,
      currency: customer.currency ?? "EUR",
      expMonth: issued.expMonth,
      expYear: issued.expYear,
      status,
      pinSet: opts.pinSet ?? false,
      activatedAt: cardType === "virtual" || opts.activated !== false ? at : null,
      frozenAt: status === "frozen" ? at : null,
      blockedAt: status === "blocked" ? at : null,
      lostAt: status === "lost" ? at : null,
      stolenAt: status === "stolen" ? at : null,
      voidedAt: status === "voided" ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await bumpCardCount(db, customer.orgId, { status, cardType, currency: row!.currency }, 1);
  return row!;
}
