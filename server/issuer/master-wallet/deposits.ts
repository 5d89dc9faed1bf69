import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { DepositView } from "@/lib/contracts/money";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import type { CardCurrency } from "@/server/db/schema/cards";
import { masterWalletDeposits, masterWallets } from "@/server/db/schema/money";
import { emitEvent } from "@/server/events/outbox";
import { enqueueJob } from "@/server/jobs/queue";
import { countFundingIn } from "@/server/overview/funding";
import { recordAudit } from "@/server/platform/audit";
import { ensureMasterWallets } from "./view";

/**
 * Deposits into the master wallet (docs/money.md, Master wallet, deposits and funding): a one-step
 * deposit is settled at once and raises only the settled master_wallet.deposit; a two-step one is seen
 * first (processing: counted in processing_minor, not spendable), raises the processing event, and a
 * job settles it a few seconds later (or the sandbox settles it on demand), which moves the amount into
 * the balance and raises the settled event (the authoritative one).
 */

export const SETTLE_DEPOSIT_JOB = "issuer.master_wallet.settle_deposit";

/** How long the simulated two-step settlement takes. Tests shorten or lengthen it. */
let settleDelayMs = 5_000;
export function setDepositSettleDelayForTests(ms?: number): void {
  settleDelayMs = ms ?? 5_000;
}

type DepositRow = typeof masterWalletDeposits.$inferSelect;

export function depositView(row: DepositRow): DepositView {
  return {
    settlement_id: row.id,
    currency: row.currency,
    source_amount: toMajor(row.sourceAmountMinor),
    source_amount_minor: row.sourceAmountMinor,
    settled_amount: toMajor(row.settledAmountMinor),
    settled_amount_minor: row.settledAmountMinor,
    status: row.status,
    two_step: row.twoStep,
    tx_hash: row.txHash,
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt?.toISOString() ?? null,
  };
}

/**
 * The event's data: the interface's fields (settlement_id, source_amount, tx_hash, status, and
 * settled_amount once settled) with their minor forms, plus currency (the interface does not
 * list it, but an amount of a per-currency wallet means nothing without it).
 */
function depositEventData(row: DepositRow) {
  const base = {
    settlement_id: row.id,
    currency: row.currency,
    source_amount: toMajor(row.sourceAmountMinor),
    source_amount_minor: row.sourceAmountMinor,
    tx_hash: row.txHash,
  };
  if (row.status === "processing") return { ...base, status: "processing" as const };
  return {
    ...base,
    settled_amount: toMajor(row.settledAmountMinor),
    settled_amount_minor: row.settledAmountMinor,
    status: "settled" as const,
  };
}

/** A made-up transaction hash of the incoming transfer (the simulated chain's). */
function simulatedTxHash(): string {
  return `0x${randomBytes(32).toString("hex")}`;
}

async function creditBalance(
  tx: Db,
  orgId: string,
  currency: CardCurrency,
  amountMinor: number,
  fromProcessing: boolean,
): Promise<void> {
  await tx
    .update(masterWallets)
    .set({
      balanceMinor: sql`${masterWallets.balanceMinor} + ${amountMinor}`,
      processingMinor: fromProcessing
        ? sql`${masterWallets.processingMinor} - ${amountMinor}`
        : masterWallets.processingMinor,
      updatedAt: sql`now()`,
    })
    .where(and(eq(masterWallets.orgId, orgId), eq(masterWallets.currency, currency)));
}

/**
 * An incoming deposit (the sandbox's POST /v1/sandbox/master-wallet/deposit; a live chain watcher
 * would call the same). `amount` is in minor units.
 */
export async function receiveDeposit({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { currency: CardCurrency; amount: number; two_step: boolean };
}): Promise<DepositView> {
  authorize(ctx, "receiveDeposit");
  await ensureMasterWallets(ctx.db, ctx.orgId);
  return ctx.db.transaction(async (tx) => {
    const twoStep = input.two_step;
    const [row] = await tx
      .insert(masterWalletDeposits)
      .values({
        id: newId("stl"),
        orgId: ctx.orgId,
        currency: input.currency,
        sourceAmountMinor: input.amount,
        settledAmountMinor: twoStep ? null : input.amount,
        status: twoStep ? "processing" : "settled",
        twoStep,
        txHash: simulatedTxHash(),
        settledAt: twoStep ? null : sql`now()`,
      })
      .returning();
    if (twoStep) {
      await tx
        .update(masterWallets)
        .set({
          processingMinor: sql`${masterWallets.processingMinor} + ${input.amount}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(masterWallets.orgId, ctx.orgId), eq(masterWallets.currency, input.currency)));
      await enqueueJob(tx, {
        kind: SETTLE_DEPOSIT_JOB,
        orgId: ctx.orgId,
        payload: { settlementId: row!.id },
        runAt: new Date(Date.now() + settleDelayMs),
        dedupeKey: `${SETTLE_DEPOSIT_JOB}:${row!.id}`,
      });
    } else {
      await countFundingIn(tx, row!);
      await creditBalance(tx, ctx.orgId, input.currency, input.amount, false);
    }
    await emitEvent(tx, { orgId: ctx.orgId, type: "master_wallet.deposit", data: depositEventData(row!) });
    if (ctx.actor.type !== "system")
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: "sandbox.deposit_received",
          targetType: "master_wallet_deposit",
          targetId: row!.id,
          after: { status: row!.status },
          detail: { currency: input.currency, amount_minor: input.amount, two_step: twoStep },
        },
      );
    return depositView(row!);
  });
}

/**
 * Confirms a processing deposit: the amount leaves processing for the balance and the settled
 * event is raised, once. Settling a settled deposit changes nothing and returns it (the job runs
 * at least once, and the sandbox may have settled it on demand first). Null: no such deposit.
 */
export async function settleDeposit(
  db: Db,
  { orgId, settlementId }: { orgId: string; settlementId: string },
): Promise<DepositView | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(masterWalletDeposits)
      .where(and(eq(masterWalletDeposits.orgId, orgId), eq(masterWalletDeposits.id, settlementId)))
      .for("update");
    if (!found) return null;
    if (found.status === "settled") return depositView(found);
    const [row] = await tx
      .update(masterWalletDeposits)
      .set({ status: "settled", settledAmountMinor: found.sourceAmountMinor, settledAt: sql`now()` })
      .where(eq(masterWalletDeposits.id, found.id))
      .returning();
    await countFundingIn(tx, row!);
    await creditBalance(tx, orgId, row!.currency, row!.sourceAmountMinor, true);
    await emitEvent(tx, { orgId, type: "master_wallet.deposit", data: depositEventData(row!) });
    return depositView(row!);
  });
}

/**
 * The sandbox's POST /v1/sandbox/master-wallet/deposits/{settlementId}/settle: settle now instead of waiting.
 */
export async function settleDepositNow({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { settlementId: string };
}): Promise<DepositView> {
  authorize(ctx, "settleDepositNow");
  return ctx.db.transaction(async (tx) => {
    const view = await settleDeposit(tx, { orgId: ctx.orgId, settlementId: input.settlementId });
    if (!view) throw new ServiceError("NOT_FOUND", "No master-wallet deposit with this settlement_id.");
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "sandbox.deposit_settled",
        targetType: "master_wallet_deposit",
        targetId: input.settlementId,
        after: { status: view.status },
        detail: { currency: view.currency, amount_minor: view.source_amount_minor },
      },
    );
    return view;
  });
}

/** The dashboard's deposit list: newest first. */
export async function listMasterWalletDeposits({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { limit: number; currency?: CardCurrency };
}): Promise<{ deposits: DepositView[] }> {
  authorize(ctx, "listMasterWalletDeposits");
  const rows = await ctx.db
    .select()
    .from(masterWalletDeposits)
    .where(
      and(
        eq(masterWalletDeposits.orgId, ctx.orgId),
        input.currency ? eq(masterWalletDeposits.currency, input.currency) : undefined,
      ),
    )
    .orderBy(desc(masterWalletDeposits.createdAt), desc(masterWalletDeposits.id))
    .limit(input.limit);
  return { deposits: rows.map(depositView) };
}
