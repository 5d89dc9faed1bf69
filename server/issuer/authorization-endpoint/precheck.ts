import type { AuthorizeCardTransactionInput } from "@/lib/contracts/card-transactions";
import { isServiceError } from "@/lib/errors";
import { toMajor } from "@/lib/money";
import { evaluateControls } from "@/server/controls/enforce";
import type { AuthorizationFacts } from "@/server/controls/evaluate";
import type { Db } from "@/server/db/client";
import { findChargedCard } from "../card-network/charged-card";
import { declineBeforeFunds } from "../card-network/declines";
import { convertForBilling } from "../card-network/fx";
import { ENDPOINT_EVENT_TYPE } from "./call";

/**
 * Before the endpoint is called (docs/authorization-endpoint.md, The pipeline): a quick read of
 * the card, the customer, the balance and the spending controls and rules (one round trip), so an authorization
 * they decline never reaches the endpoint. The controls run in a short transaction of their own
 * (their window counters are read with a lock), committed before the call; the hold's
 * transaction checks all of it again afterwards.
 */

export interface Precheck {
  billingMinor: number;
  customerId: string;
  /** The request's JSON body (the exact bytes signed and sent). */
  body: string;
}

/** The checks passed: the request to send; null when they decline (or the card is unknown). */
export async function precheck(
  db: Db,
  orgId: string,
  input: AuthorizeCardTransactionInput,
  ids: { transactionId: string; requestId: string; at: Date; timeoutMs: number },
): Promise<Precheck | null> {
  const found = await findChargedCard(db, orgId, input.card_id, { lock: false, available: true }).catch(
    (err: unknown) => {
      if (isServiceError(err) && err.code === "NOT_FOUND") return null;
      throw err;
    },
  );
  if (!found) return null;
  const { card, customer, controls } = found;
  if (declineBeforeFunds(card, customer)) return null;
  const billingCurrency = customer.currency ?? input.currency;
  const { billingMinor } = convertForBilling(input.amount, input.currency, billingCurrency);
  const availableMinor = found.availableMinor ?? 0;
  if (availableMinor < billingMinor) return null;
  const facts: AuthorizationFacts = {
    billingMinor,
    billingCurrency,
    currency: input.currency,
    mcc: input.merchant_category ?? null,
    country: input.merchant_country ?? null,
    merchant: input.merchant ?? null,
    cardType: card.cardType,
    cardId: card.id,
    customerId: customer.id,
    svcCardId: customer.svcCardId,
    at: ids.at,
  };
  // No control and no rule: nothing is read or locked, so no transaction (two round trips fewer).
  const verdict =
    controls.levels.length === 0 && controls.rules.length === 0
      ? await evaluateControls(db, orgId, facts, controls)
      : await db.transaction((tx) => evaluateControls(tx, orgId, facts, controls));
  if (verdict.decline) return null;
  const envelope = {
    id: ids.requestId,
    type: ENDPOINT_EVENT_TYPE,
    created_at: ids.at.toISOString(),
    timeout_ms: ids.timeoutMs,
    data: {
      transaction_id: ids.transactionId,
      type: input.type,
      amount: toMajor(input.amount),
      amount_minor: input.amount,
      currency: input.currency,
      billing_amount: toMajor(billingMinor),
      billing_amount_minor: billingMinor,
      billing_currency: billingCurrency,
      merchant: {
        name: input.merchant ?? null,
        category: input.merchant_category ?? null,
        city: input.merchant_city ?? null,
        country: input.merchant_country ?? null,
      },
      // The program's own key-value pairs on the card and on its customer (docs/authorization-endpoint.md).
      card: {
        card_id: card.cardToken,
        type: card.cardType,
        last_four: card.lastFour,
        metadata: card.metadata,
      },
      svc_card_id: customer.svcCardId,
      customer: {
        available_balance: toMajor(availableMinor),
        available_balance_minor: availableMinor,
        currency: billingCurrency,
        metadata: customer.metadata,
      },
      spending_controls: { result: "passed" },
      shadow_rules: verdict.rules
        .filter((r) => r.rule.state === "shadow")
        .map((r) => ({ rule_id: r.rule.id, version: r.rule.version, would_decline: r.declines })),
    },
  };
  return { billingMinor, customerId: customer.id, body: JSON.stringify(envelope) };
}
