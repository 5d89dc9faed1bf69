import { randomBytes } from "node:crypto";
import {
  type AuthorizeCardTransactionInput,
  type CardTransactionView,
  DECLINE_REASON_CODE_OF,
  type DeclineSituation,
} from "@/lib/contracts/card-transactions";
import type { DeclineRule } from "@/lib/contracts/spending-controls";
import { isServiceError } from "@/lib/errors";
import { newCardTransactionKey } from "@/lib/transaction-ids";
import { authorize } from "@/server/auth/authorize";
import {
  afterBalanceChange,
  type BalanceChange,
  balanceChangeStatement,
  changeBalanceRow,
  type ChangedBalance,
  changedBalanceOf,
} from "@/server/balances/apply";
import type { Ctx } from "@/server/context";
import {
  type ControlsVerdict,
  countersStatement,
  decideControls,
  planControls,
  ruleDecisionWrites,
} from "@/server/controls/enforce";
import type { AuthorizationFacts } from "@/server/controls/evaluate";
import { executeNamed, type Write } from "@/server/db/statements";
import { eventsWrite } from "@/server/events/outbox";
import { timedAuthorization } from "@/server/observability/metrics";
import {
  askAuthorizationEndpoint,
  type AskedEndpoint,
  decisionSourceOf,
} from "../authorization-endpoint/decide";
import { auditNetworkWrite } from "./audit";
import { findChargedCard } from "./charged-card";
import { declineBeforeFunds, declineOf } from "./declines";
import { transactionEventData } from "./events";
import { convertForBilling } from "./fx";
import { holdTransaction, runTogether } from "./hold-transaction";
import { type NewCardTransaction, newTransactionWrites } from "./rows";
import { cardTransactionView } from "./view";

/**
 * The sandbox card network's authorization (docs/money.md, The simulated card network): a merchant asks
 * to charge a card. Either it is declined (the card's state, the wallet, or not enough available
 * balance, a spending control or an active rule: server/controls/enforce.ts) -> transaction.declined
 * with decline_reason_code and decline_rule; or the billing amount is held on the wallet (pending += billing,
 * only if available covers it, in one conditional update) and the transaction is authorized ->
 * transaction.authorized, then customer.balance.updated. One database transaction: the hold, the row,
 * the daily counts, the spend counters, the rules' decisions and the events commit together.
 *
 * Round trips (docs/performance.md, Authorization with spending controls), three with or without
 * controls: the card with its customer and controls in one read; the balance's conditional update,
 * with controls that count (windowed limits, velocity rules) sent together with their counters' lock
 * behind a savepoint (docs/spending-controls.md, Evaluation order); then every write of the outcome in
 * ONE statement (server/db/statements.ts): the balance totals, the row, its counts, the request log,
 * the events, the rules' decisions and the audit entry.
 */

/** Looks like a Gnosis Chain transaction hash. */
export function simulatedTxHash(): string {
  return `0x${randomBytes(32).toString("hex")}`;
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
  const startedAt = performance.now();
  authorize(ctx, "authorizeCardTransaction");
  // The program's authorization endpoint, if enabled, decides before this transaction opens: no lock
  // is held across its call (docs/authorization-endpoint.md); its answer is applied below. Its call
  // ends in time for the whole authorization to resolve within timeout_ms of `startedAt`.
  const asked = await askAuthorizationEndpoint(ctx, input, startedAt);
  const view = await holdOrDecline(ctx, input, asked);
  asked?.finished();
  return view;
}

async function holdOrDecline(
  ctx: Ctx,
  input: AuthorizeCardTransactionInput,
  asked: AskedEndpoint | null,
): Promise<CardTransactionView> {
  const amountMinor = asked?.amountMinor ?? input.amount;
  return holdTransaction(ctx.db, async (tx) => {
    const { card, customer, controls } = await findChargedCard(tx, ctx.orgId, input.card_id);
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
    const txHash = simulatedTxHash();
    const hold: BalanceChange = {
      orgId: ctx.orgId,
      customerId: customer.id,
      ledgerDeltaMinor: 0,
      pendingDeltaMinor: billingMinor,
      trigger: "authorization",
      txHash,
      requireAvailableMinor: billingMinor,
    };
    let tried: HoldTry | null = null;
    /** The counters were reserved and the hold tried in one trip, behind HOLD_SAVEPOINT. */
    let reserved = false;
    if (!situation) {
      const plan = planControls(controls, facts);
      // Reserves the windows, unless a list already declined (nothing to reserve for).
      const counters = countersStatement(ctx.orgId, plan, { reserve: true });
      let read: unknown = null;
      if (counters && !plan.listDecline) {
        // One round trip: the windows counted as if approved (reading what they held before) and
        // the hold, both behind a savepoint that the writes' round trip rolls back to when the
        // authorization is declined after all (a limit, a rule, the endpoint's answer, the funds).
        const holding = balanceChangeStatement(hold);
        const [, counted, changed] = await runTogether(tx, [
          { command: `savepoint ${HOLD_SAVEPOINT}` },
          counters,
          holding.sql,
        ]);
        read = counted;
        tried = await holdTried(() => changedBalanceOf(holding, changed));
        reserved = true;
      } else if (counters) read = await executeNamed(tx, counters);
      verdict = decideControls(plan, read);
      if (verdict.decline) {
        situation = verdict.decline.reason as DeclineSituation;
        declineRule = verdict.decline.rule;
      }
    }
    if (!situation && asked)
      situation = await asked.settle(tx, { svcCardId: customer.svcCardId, billingMinor, at: now });
    if (!situation) {
      tried ??= await holdTried(() => changeBalanceRow(tx, hold));
      situation = tried.situation;
    }
    const held = situation ? null : tried!.held;

    const decline = situation ? declineOf(situation) : null;
    const { row, writes } = newTransactionWrites(
      situation
        ? {
            ...base,
            status: "declined",
            declineCode: decline!.code,
            declineReason: decline!.reason,
            declineReasonCode: DECLINE_REASON_CODE_OF[situation],
            declineRule,
            decisionSource: decisionSourceOf(situation, asked),
          }
        : {
            ...base,
            status: "authorized",
            holdMinor: billingMinor,
            blockchainTxHash: txHash,
            controlWindows: verdict?.windows.length ? verdict.windows : null,
            decisionSource: decisionSourceOf(null, asked),
          },
    );
    const balance = held ? afterBalanceChange(hold, held) : null;
    const moved = { amountMinor, billingAmountMinor: billingMinor };
    // The writes in the order the steps took their locks before they were one statement.
    const all: (Write | null)[] = [
      balance?.totals ?? null,
      ...writes,
      ...(asked?.recordWrites(tx, row) ?? []),
    ];
    // transaction.authorized before the balance event (interface: the balance follows).
    all.push(
      eventsWrite(
        [
          {
            orgId: ctx.orgId,
            type: situation ? "transaction.declined" : "transaction.authorized",
            data: transactionEventData(row, moved, now),
          },
          ...(balance?.events ?? []),
        ],
        "ev",
      ),
    );
    if (verdict)
      all.push(
        ...ruleDecisionWrites({
          orgId: ctx.orgId,
          verdict,
          transactionId: id,
          facts,
          approved: !situation,
          reserved,
        }),
      );
    all.push(auditNetworkWrite(ctx, situation ? "declined" : "authorized", row));
    // Sent with the commit (./hold-transaction.ts): the organization's rows they lock are held until
    // the commit is flushed, and no longer.
    return {
      result: cardTransactionView(row),
      writes: all,
      before: reserved && situation ? `rollback to savepoint ${HOLD_SAVEPOINT}` : null,
    };
  });
}

const HOLD_SAVEPOINT = "authorization_hold";

/** The hold's outcome: the changed balance, or the decline its refusal makes. */
interface HoldTry {
  held: ChangedBalance | null;
  situation: "insufficient_funds" | "wallet_unavailable" | null;
}

async function holdTried(
  hold: () => ChangedBalance | null | Promise<ChangedBalance | null>,
): Promise<HoldTry> {
  try {
    const held = await hold();
    return { held, situation: held ? null : "insufficient_funds" };
  } catch (err) {
    if (!isServiceError(err) || err.code !== "WALLET_NOT_DEPLOYED") throw err;
    return { held: null, situation: "wallet_unavailable" };
  }
}
