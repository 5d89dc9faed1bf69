import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { CreatedCard } from "@/lib/contracts/card-account";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { type CardCurrency, cardCustomers, cards } from "@/server/db/schema/cards";
import { recordAudit } from "@/server/platform/audit";
import { providers } from "@/server/providers/current";
import { type CardCustomerRow, type CardRow, findCustomer } from "../customers/find";
import { cardView } from "../customers/view";
import { STEP_OF_FLOW } from "../flow";
import { bumpCardCount } from "./card-counts";
import { emitCardCreated } from "./events";

/**
 * The provider allows at most 5 cards in use per customer; voided, lost and stolen ones do not count.
 */
export const CARD_LIMIT = 5;
const IN_USE = ["active", "frozen", "blocked"] as const;

/**
 * Card creation checks each precondition in onboarding order and names the first one missing
 * (docs/card-program.md, Onboarding). The wallet check reads our own record of the deployment,
 * not the chain, so the deploy call is made explicitly even when the platform deployed in the
 * background. A physical card (sandbox) may be ordered before the wallet exists: its activation
 * needs the wallet instead.
 */
export function requireReadyForCard(
  customer: CardCustomerRow,
  opts: { wallet?: boolean } = {},
): CardCurrency {
  if (!customer.emailVerifiedAt)
    throw new ServiceError(
      "EMAIL_NOT_VERIFIED",
      "Verify the customer's email address before creating a card.",
    );
  if (customer.kycStatus === "rejected")
    throw new ServiceError(
      "KYC_REJECTED",
      "Identity verification was rejected: this customer cannot be issued a card.",
    );
  if (customer.kycStatus !== "approved" || !customer.currency)
    throw new ServiceError(
      "KYC_NOT_APPROVED",
      "Identity verification must be approved before a card can be created.",
    );
  if (!customer.sourceOfFundsAt)
    throw new ServiceError(
      "SOURCE_OF_FUNDS_REQUIRED",
      "Answer the source-of-funds questions before creating a card.",
    );
  if (!customer.phoneVerifiedAt)
    throw new ServiceError("PHONE_NOT_VERIFIED", "Verify a mobile phone number before creating a card.");
  if (opts.wallet !== false && customer.safeState !== "deployed")
    throw new ServiceError(
      "WALLET_NOT_DEPLOYED",
      "Deploy the account wallet (POST .../safe/deploy) and wait for it to finish before creating a card.",
    );
  return customer.currency;
}

/**
 * Counts the customer's cards in use; call it with the customer row locked so two creations cannot both pass.
 */
export async function requireBelowCardLimit(
  tx: Db,
  customer: CardCustomerRow,
  opts: { except?: string } = {},
): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(cards)
    .where(
      and(
        eq(cards.orgId, customer.orgId),
        eq(cards.customerId, customer.id),
        inArray(cards.status, [...IN_USE]),
        opts.except ? ne(cards.id, opts.except) : undefined,
      ),
    );
  if ((row?.n ?? 0) >= CARD_LIMIT) {
    throw new ServiceError(
      "CARD_LIMIT_REACHED",
      `A customer can have at most ${CARD_LIMIT} cards in use; void or report one before creating another.`,
    );
  }
}

/**
 * POST /v1/svc-card/{svcCardId}/cards/virtual. One transaction with the customer row locked: the
 * provider issues the card (its token differs from our card id), our card row (active at once,
 * no PIN yet), the first card moves the customer to step 6 (active), and card.created.
 */
export async function createVirtualCard({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}): Promise<CreatedCard> {
  authorize(ctx, "createVirtualCard");
  const card = await ctx.db.transaction(async (tx) => {
    const customer = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
    const currency = requireReadyForCard(customer);
    const { row, at } = await issueCard({ ...ctx, db: tx }, customer, { type: "virtual", currency });
    await becomeActive(tx, customer);
    await emitCardCreated(tx, {
      orgId: ctx.orgId,
      svcCardId: customer.svcCardId,
      cardToken: row.cardToken,
      type: "virtual",
      status: "active",
      at,
    });
    return { row, svcCardId: customer.svcCardId };
  });
  return { ...cardView(card.row), svc_card_id: card.svcCardId };
}

/**
 * The issuing transaction both card types share, inside the caller's transaction (ctx.db) with
 * the customer row locked: the card limit, the provider issues the card (its token differs from
 * our card id), our card row (a virtual card is active at once; a physical one waits for its
 * activation), and the audit entry. What follows (events, onboarding) is the caller's.
 * `replacing` (server/cards/replacement/): the card it replaces does not count toward the limit,
 * as the replacement takes its place, and its PIN is carried where the provider keeps it.
 */
export async function issueCard(
  ctx: Ctx,
  customer: CardCustomerRow,
  opts: {
    type: "virtual" | "physical";
    currency: CardCurrency;
    replacing?: Pick<CardRow, "id" | "cardToken" | "pinSet">;
  },
): Promise<{ row: CardRow; at: Date }> {
  const tx = ctx.db;
  await requireBelowCardLimit(tx, customer, { except: opts.replacing?.id });
  const cardId = newId("crd");
  const issued = await providers().cards.issueVirtualCard(tx, {
    orgId: ctx.orgId,
    cardId,
    currency: opts.currency,
    pinFromCardToken: opts.replacing?.cardToken,
  });
  const at = new Date();
  const [row] = await tx
    .insert(cards)
    .values({
      id: cardId,
      orgId: ctx.orgId,
      customerId: customer.id,
      cardToken: issued.cardToken,
      lastFour: issued.lastFour,
      cardType: opts.type,
      currency: opts.currency,
      status: "active",
      pinSet: issued.pinCarried && opts.replacing ? opts.replacing.pinSet : false,
      expMonth: issued.expMonth,
      expYear: issued.expYear,
      activatedAt: opts.type === "virtual" ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await bumpCardCount(tx, ctx.orgId, { status: "active", cardType: opts.type, currency: opts.currency }, 1);
  await recordAudit(ctx, {
    action: "card.created",
    targetType: "card",
    targetId: cardId,
    detail: { svc_card_id: customer.svcCardId, card_type: opts.type },
  });
  return { row: row as CardRow, at };
}

/** The first card ends onboarding: step 6, flow_status active. */
async function becomeActive(tx: Db, customer: CardCustomerRow): Promise<void> {
  if (customer.flowStatus === "active") return;
  await tx
    .update(cardCustomers)
    .set({ step: STEP_OF_FLOW.active, flowStatus: "active", updatedAt: sql`now()` })
    .where(and(eq(cardCustomers.id, customer.id), eq(cardCustomers.orgId, customer.orgId)));
}
