import { and, eq, gte, sql } from "drizzle-orm";
import type { FundCustomerResult } from "@/lib/contracts/money";
import { type ErrorCode, ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { toMajor } from "@/lib/money";
import { authorize, confirmStepUp } from "@/server/auth/authorize";
import { applyBalanceChange } from "@/server/balances/apply";
import { openCustomerBalance } from "@/server/balances/open";
import { type CardCustomerRow, findCustomerByAnyId } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { customerMetadataFor } from "@/server/db/event-metadata";
import type { CardCurrency } from "@/server/db/schema/cards";
import { customerFundings, masterWallets } from "@/server/db/schema/money";
import { emitEvent } from "@/server/events/outbox";
import { ensureMasterWallets } from "@/server/issuer/master-wallet/view";
import { scheduleWalletReconciliation } from "@/server/issuer/reconciliation/reconcile-wallet";
import { log } from "@/server/log";
import { countFundingOut } from "@/server/overview/funding";
import { recordAudit } from "@/server/platform/audit";
import { providers } from "@/server/providers/current";

/**
 * POST /v1/card-issuer/fund-customer (docs/money.md, Master wallet, deposits and funding): moves money
 * from the organization's master wallet to a customer's account wallet.
 *
 * Success is ONE transaction: the master wallet is debited by a conditional UPDATE (only while
 * balance >= amount, so concurrent fundings can never take it below zero: each sees the balance
 * the previous one left), the chain credits the customer's wallet, the funding is recorded, the
 * customer's balance moves (customer.balance.updated, trigger funding) and both funding events
 * are raised together. A check of the wallet against the chain is scheduled a couple of minutes
 * later (docs/money.md, Events: a top-up yields two balance events with the same transfer_id).
 *
 * Failure after the customer was found (wallet not deployed, other currency, master wallet too
 * low, the chain failing) rolls all of that back, then records the failed funding and raises
 * customer.funding.failed in a transaction of its own, and reports the error.
 */

export interface FundCustomerInput {
  /** svc_card_id, record id or the issuer's external id. */
  customer_id: string;
  /** Minor units (amountSchema). */
  amount: number;
  currency: CardCurrency;
  twoFactorCode?: string | null;
}

interface Failure {
  code: ErrorCode;
  message: string;
  details?: { path: string; message: string }[];
}

function preconditionFailure(customer: CardCustomerRow, currency: CardCurrency): Failure | null {
  if (customer.safeState !== "deployed" || !customer.safeAddress || !customer.currency) {
    return {
      code: "WALLET_NOT_DEPLOYED",
      message: "The customer's account wallet is not deployed yet; deploy it before funding.",
    };
  }
  // The wallet holds the card currency's token only: funding it in another currency is a wrong request, not a
  // missing wallet.
  if (customer.currency !== currency) {
    return {
      code: "VALIDATION_ERROR",
      message:
        `This customer's card currency is ${customer.currency}; fund the account wallet in ` +
        `${customer.currency}.`,
      details: [{ path: "currency", message: `Use ${customer.currency}, the customer's card currency.` }],
    };
  }
  return null;
}

/** Takes `amount` from the master wallet if it holds that much; null (nothing changed) if not. */
async function debitMasterWallet(
  tx: Db,
  orgId: string,
  currency: CardCurrency,
  amountMinor: number,
): Promise<number | null> {
  const [row] = await tx
    .update(masterWallets)
    .set({ balanceMinor: sql`${masterWallets.balanceMinor} - ${amountMinor}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(masterWallets.orgId, orgId),
        eq(masterWallets.currency, currency),
        gte(masterWallets.balanceMinor, amountMinor),
      ),
    )
    .returning({ balanceMinor: masterWallets.balanceMinor });
  return row ? row.balanceMinor : null;
}

/** The failure, recorded for good (its own transaction: the attempted change is already rolled back). */
async function recordFailure(
  db: Db,
  customer: CardCustomerRow,
  input: FundCustomerInput,
  reason: ErrorCode,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(customerFundings).values({
      id: newId("trf"),
      orgId: customer.orgId,
      customerId: customer.id,
      amountMinor: input.amount,
      currency: input.currency,
      status: "failed",
      failureReason: reason,
    });
    await emitEvent(tx, {
      orgId: customer.orgId,
      type: "customer.funding.failed",
      data: {
        customer_id: customer.id,
        svc_card_id: customer.svcCardId,
        amount: toMajor(input.amount),
        amount_minor: input.amount,
        currency: input.currency,
        metadata: await customerMetadataFor(tx, customer.orgId, { id: customer.id }),
      },
    });
  });
}

export async function fundCustomer({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: FundCustomerInput;
}): Promise<FundCustomerResult> {
  authorize(ctx, "fundCustomer");
  const customer = await findCustomerByAnyId(ctx, input.customer_id);
  await confirmStepUp(ctx, "fundCustomer", input.twoFactorCode);

  const failure = preconditionFailure(customer, input.currency);
  if (failure) {
    await recordFailure(ctx.db, customer, input, failure.code);
    throw new ServiceError(failure.code, failure.message, { details: failure.details });
  }

  await ensureMasterWallets(ctx.db, ctx.orgId);
  try {
    return await ctx.db.transaction(async (tx) => {
      const result = await transfer(tx, customer, input);
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: "funding.customer_funded",
          targetType: "card_customer",
          targetId: customer.id,
          detail: { amount_minor: input.amount, currency: input.currency, svc_card_id: customer.svcCardId },
        },
      );
      return result;
    });
  } catch (err) {
    const code: ErrorCode = err instanceof ServiceError ? err.code : "INTERNAL_ERROR";
    if (!(err instanceof ServiceError))
      log.error({ err, orgId: ctx.orgId, customerId: customer.id }, "funding failed");
    await recordFailure(ctx.db, customer, input, code);
    throw err;
  }
}

/**
 * The chain's side of the transfer; a wallet our record calls deployed but the chain does not know is a
 * misconfigured wallet.
 */
async function creditOnChain(
  tx: Db,
  customer: CardCustomerRow,
  amountMinor: number,
): Promise<{ txHash: string }> {
  try {
    return await providers().chain.moveFunds(tx, {
      orgId: customer.orgId,
      address: customer.safeAddress!,
      deltaMinor: amountMinor,
    });
  } catch (err) {
    if (err instanceof ServiceError && err.code === "NOT_FOUND")
      throw new ServiceError(
        "WALLET_NOT_DEPLOYED",
        "The customer's account wallet is not on chain; redeploy it before funding.",
      );
    throw err;
  }
}

async function transfer(
  tx: Db,
  customer: CardCustomerRow,
  input: FundCustomerInput,
): Promise<FundCustomerResult> {
  const { orgId } = customer;
  const remainingMinor = await debitMasterWallet(tx, orgId, input.currency, input.amount);
  if (remainingMinor === null) {
    throw new ServiceError(
      "INSUFFICIENT_FUNDS",
      `The ${input.currency} master wallet holds less than this amount; deposit funds first.`,
    );
  }
  const { txHash } = await creditOnChain(tx, customer, input.amount);
  const [funding] = await tx
    .insert(customerFundings)
    .values({
      id: newId("trf"),
      orgId,
      customerId: customer.id,
      amountMinor: input.amount,
      currency: input.currency,
      status: "completed",
      txHash,
    })
    .returning();
  await countFundingOut(tx, funding!);
  const amount = { amount: toMajor(input.amount), amount_minor: input.amount, currency: input.currency };
  await emitEvent(tx, {
    orgId,
    type: "master_wallet.customer_funded",
    data: {
      transfer_id: funding!.id,
      customer_id: customer.id,
      svc_card_id: customer.svcCardId,
      ...amount,
      status: "completed",
      tx_hash: txHash,
      remaining_balance: toMajor(remainingMinor),
      remaining_balance_minor: remainingMinor,
    },
  });
  await emitEvent(tx, {
    orgId,
    type: "customer.funded",
    data: {
      transfer_id: funding!.id,
      customer_id: customer.id,
      svc_card_id: customer.svcCardId,
      ...amount,
      status: "completed",
      metadata: await customerMetadataFor(tx, orgId, { id: customer.id }),
    },
  });
  // A wallet deployed before balances were kept has no balance row yet; opening is a no-op otherwise.
  await openCustomerBalance(tx, { orgId, customerId: customer.id, currency: customer.currency! });
  const snapshot = await applyBalanceChange(tx, {
    orgId,
    customerId: customer.id,
    ledgerDeltaMinor: input.amount,
    pendingDeltaMinor: 0,
    trigger: "funding",
    transferId: funding!.id,
    txHash,
  });
  if (!snapshot) throw new Error(`The balance of customer ${customer.id} could not be credited.`);
  await scheduleWalletReconciliation(tx, { orgId, customerId: customer.id });
  return {
    transfer_id: funding!.id,
    status: "completed",
    customer_id: customer.id,
    svc_card_id: customer.svcCardId,
    ...amount,
    remaining_balance: toMajor(remainingMinor),
    remaining_balance_minor: remainingMinor,
    tx_hash: txHash,
    created_at: funding!.createdAt.toISOString(),
  };
}
