import { randomBytes } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import {
  type AuthorizeCardTransactionInput,
  type CardTransactionView,
  DECLINE_REASON_CODE_OF,
  type DeclineSituation,
} from "@/lib/contracts/card-transactions";
import type { DeclineRule } from "@/lib/contracts/spending-controls";
import { isServiceError, ServiceError } from "@/lib/errors";
import { newCardTransactionKey } from "@/lib/transaction-ids";
import { authorize } from "@/server/auth/authorize";
import { applyBalanceChange } from "@/server/balances/apply";
import type { CardCustomerRow, CardRow } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { type ControlsVerdict, evaluateControls, recordRuleDecisions } from "@/server/controls/enforce";
import type { AuthorizationFacts } from "@/server/controls/evaluate";
import type { Db } from "@/server/db/client";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { timedAuthorization } from "@/server/observability/metrics";
import { askAuthorizationEndpoint, decisionSourceOf } from "../authorization-endpoint/decide";
import { auditNetworkEvent } from "./audit";
import { declineBeforeFunds, declineOf } from "./declines";
import { emitTransactionEvent } from "./events";
import { convertForBilling } from "./fx";
import { insertTransaction, type NewCardTransaction } from "./rows";
import { type CardTransactionRow, cardTransactionView } from "./view";

/**
 * The sandbox card network's authorization (docs/money.md, The simulated card network): a merchant asks
 * to charge a card. Either it is declined (the card's state, the wallet, or not enough available
 * balance, a spending control or an active rule: server/controls/enforce.ts) -> transaction.declined
 * with decline_reason_code and decline_rule; or the billing amount is held on the wallet (pending += billing,
 * only if available covers it, in one conditional update) and the transaction is authorized ->
 * transaction.authorized, then customer.balance.updated. One database transaction: the hold, the row,
 * the daily counts, the spend counters, the rules' decisions and the events commit together.
 */

/** Looks like a Gnosis Chain transaction hash. */
export function simulatedTxHash(): string {
  return `0x${randomBytes(32).toString("hex")}`;
}

/**
 * The card by our card id or by its token, in the caller's organization; shared-locked so a concurrent freeze
 * waits for this authorization.
 */
async function findChargedCard(
  tx: Db,
  orgId: string,
  cardIdOrToken: string,
): Promise<{ card: CardRow; customer: CardCustomerRow }> {
  // One round trip for both; only the card is locked (FOR SHARE OF cards), as before the join.
  const [found] = await tx
    .select({ card: cards, customer: cardCustomers })
    .from(cards)
    .innerJoin(cardCustomers, and(eq(cardCustomers.id, cards.customerId), eq(cardCustomers.orgId, orgId)))
    .where(and(eq(cards.orgId, orgId), or(eq(cards.id, cardIdOrToken), eq(cards.cardToken, cardIdOrToken))))
    .for("share", { of: cards });
  if (!found) throw new ServiceError("NOT_FOUND", "No card with this card_id or card token.");
  return found;
}

/** Timed by outcome and decision source for the metrics (server/observability/metrics.ts). */
export const authorizeCardTransaction = timedAuthorization(authorizeUntimed);

async function authorizeUntimed({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AuthorizeCardTransactionInput;
}): Promise<CardTransactionView> {
  authorize(ctx, "authorizeCardTransaction");
  // The program's authorization endpoint, if enabled, decides before this transaction opens: no lock
  // is held across its call (docs/authorization-endpoint.md); its answer is applied below.
  const asked = await askAuthorizationEndpoint(ctx, input);
  const amountMinor = asked?.amountMinor ?? input.amount;
  return ctx.db.transaction(async (tx) => {
    const { card, customer } = await findChargedCard(tx, ctx.orgId, input.card_id);
    // A card exists only once KYC assigned the account's currency; the fallback only keeps the types honest.
    const billingCurrency = customer.currency ?? input.currency;
    const { billingMinor, fxRate } = convertForBilling(amountMinor, input.currency, billingCurrency);
    // The id carries created_at (lib/transaction-ids.ts); the other times are the same instant.
    const { id, createdAt: now } = asked?.key ?? newCardTransactionKey();
    const base: NewCardTransaction = {
      id,
      orgId: ctx.orgId,
      customerId: customer.id,
      svcCardId: customer.svcCardId,
      cardId: card.id,
      cardToken: card.cardToken,
      cardLastFour: card.lastFour,
      customerEmail: customer.email,
      type: input.type,
      status: "declined",
      amountMinor,
      currency: input.currency,
      billingAmountMinor: billingMinor,
      billingCurrency,
      fxRate,
      holdMinor: 0,
      merchant: input.merchant ?? null,
      merchantCategory: input.merchant_category ?? null,
      merchantCity: input.merchant_city ?? null,
      merchantCountry: input.merchant_country ?? null,
      authorizedAt: now,
      createdAt: now,
      updatedAt: now,
      ...asked?.columns,
    };

    const facts: AuthorizationFacts = {
      billingMinor,
      billingCurrency,
      currency: input.currency,
      mcc: base.merchantCategory ?? null,
      country: base.merchantCountry ?? null,
      merchant: base.merchant ?? null,
      cardType: card.cardType,
      cardId: card.id,
      customerId: customer.id,
      svcCardId: customer.svcCardId,
      at: now,
    };
    let situation: DeclineSituation | null = declineBeforeFunds(card, customer);
    let declineRule: DeclineRule | null = null;
    let verdict: ControlsVerdict | null = null;
    if (!situation) {
      verdict = await evaluateControls(tx, ctx.orgId, facts);
      if (verdict.decline) {
        situation = verdict.decline.reason as DeclineSituation;
        declineRule = verdict.decline.rule;
      }
    }
    if (!situation && asked)
      situation = await asked.settle(tx, { svcCardId: customer.svcCardId, billingMinor, at: now });
    if (!situation) {
      const txHash = simulatedTxHash();
      let authorized: CardTransactionRow | undefined;
      try {
        const hold = await applyBalanceChange(
          tx,
          {
            orgId: ctx.orgId,
            customerId: customer.id,
            ledgerDeltaMinor: 0,
            pendingDeltaMinor: billingMinor,
            trigger: "authorization",
            txHash,
            requireAvailableMinor: billingMinor,
          },
          {
            // The row and transaction.authorized before the balance event (interface: the balance follows).
            beforeEvents: async () => {
              authorized = await insertTransaction(tx, {
                ...base,
                status: "authorized",
                holdMinor: billingMinor,
                blockchainTxHash: txHash,
                controlWindows: verdict?.windows.length ? verdict.windows : null,
                decisionSource: decisionSourceOf(null, asked),
              });
              await asked?.record(tx, authorized);
              await emitTransactionEvent(
                tx,
                "transaction.authorized",
                authorized,
                { amountMinor, billingAmountMinor: billingMinor },
                now,
              );
            },
          },
        );
        if (hold && authorized) {
          if (verdict)
            await recordRuleDecisions(tx, {
              orgId: ctx.orgId,
              verdict,
              transactionId: id,
              facts,
              approved: true,
            });
          await auditNetworkEvent(ctx, tx, "authorized", authorized);
          return cardTransactionView(authorized);
        }
        situation = "insufficient_funds";
      } catch (err) {
        if (!isServiceError(err) || err.code !== "WALLET_NOT_DEPLOYED") throw err;
        situation = "wallet_unavailable";
      }
    }
    const decline = declineOf(situation);
    const declined = await insertTransaction(tx, {
      ...base,
      status: "declined",
      declineCode: decline.code,
      declineReason: decline.reason,
      declineReasonCode: DECLINE_REASON_CODE_OF[situation],
      declineRule,
      decisionSource: decisionSourceOf(situation, asked),
    });
    await asked?.record(tx, declined);
    if (verdict) await recordRuleDecisions(tx, { orgId: ctx.orgId, verdict, transactionId: id, facts });
    await emitTransactionEvent(
      tx,
      "transaction.declined",
      declined,
      { amountMinor, billingAmountMinor: billingMinor },
      now,
    );
    await auditNetworkEvent(ctx, tx, "declined", declined);
    return cardTransactionView(declined);
  });
}
