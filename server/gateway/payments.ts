import Decimal from "decimal.js";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { randomAddress, randomTxHash } from "@/lib/chains/addresses";
import { type ChainId, CHAINS } from "@/lib/chains/chains";
import type { GatewayCreateBody, GatewayPayBody, GatewayPaymentView } from "@/lib/contracts/gateway";
import { appUrl } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { gatewayPaymentOptions, gatewayPayments, type GatewayPaymentStatus } from "@/server/db/schema/crypto";
import { emitEvent } from "@/server/events/outbox";
import { enqueueJob } from "@/server/jobs/queue";
import { recordAudit } from "@/server/platform/audit";
import { requireSandbox } from "@/server/providers/sandbox/mode";

/**
 * Crypto gateway payments (docs/crypto.md "Crypto gateway"): a payment asks for an amount in a
 * currency and accepts the tokens of that currency on several networks, each with a fresh
 * deposit address. What arrives decides the status: underpaid, paid (exact) or overpaid; an
 * unpaid payment expires. Every change raises a crypto_gateway.payment.* event in its transaction.
 */

export type PaymentRow = typeof gatewayPayments.$inferSelect;
type OptionRow = typeof gatewayPaymentOptions.$inferSelect;

export const GATEWAY_EXPIRE_JOB = "gateway.expire";

/** The tokens accepted per currency (1:1 to it) and their networks. */
export const ACCEPTED: Record<GatewayCreateBody["currency"], [string, ChainId][]> = {
  USD: [
    ["USDC", "ethereum"],
    ["USDC", "base"],
    ["USDC", "polygon"],
    ["USDC", "solana"],
    ["USDT", "ethereum"],
    ["USDT", "tron"],
  ],
  EUR: [
    ["EURe", "gnosis"],
    ["EURe", "ethereum"],
    ["EURe", "polygon"],
  ],
  GBP: [["GBPe", "gnosis"]],
};

const num = (value: string | null) => (value === null ? null : Number(value));

export function paymentView(row: PaymentRow, options: OptionRow[]): GatewayPaymentView {
  return {
    payment_id: row.id,
    title: row.title,
    requested_amount: Number(row.requestedAmount),
    currency: row.currency as GatewayPaymentView["currency"],
    status: row.status,
    accepted_options: options
      .sort((a, b) => a.position - b.position)
      .map((o) => ({ asset_code: o.assetCode, network: o.network, deposit_address: o.depositAddress })),
    asset_code: row.assetCode,
    network: row.network,
    settled_amount: num(row.settledAmount),
    external_reference: row.externalReference,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    tx_hash: row.txHash,
    payment_url: `${appUrl()}/pay/${row.id}`,
  };
}

export async function optionsOf(db: Db, ids: string[]): Promise<Map<string, OptionRow[]>> {
  const out = new Map<string, OptionRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(gatewayPaymentOptions)
    .where(inArray(gatewayPaymentOptions.paymentId, ids))
    .orderBy(asc(gatewayPaymentOptions.position));
  for (const r of rows) out.get(r.paymentId)!.push(r);
  return out;
}

export async function findPayment(
  db: Db,
  orgId: string,
  paymentId: string,
  opts: { lock?: boolean } = {},
): Promise<PaymentRow> {
  const query = db
    .select()
    .from(gatewayPayments)
    .where(and(eq(gatewayPayments.id, paymentId), eq(gatewayPayments.orgId, orgId)));
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) throw new ServiceError("NOT_FOUND", "No such payment.");
  return row;
}

async function viewOf(db: Db, row: PaymentRow): Promise<GatewayPaymentView> {
  return paymentView(row, (await optionsOf(db, [row.id])).get(row.id)!);
}

function eventData(view: GatewayPaymentView): Record<string, unknown> {
  const { accepted_options: _options, ...rest } = view;
  return rest;
}

async function raise(tx: Db, orgId: string, row: PaymentRow, what: string): Promise<GatewayPaymentView> {
  const view = await viewOf(tx, row);
  await emitEvent(tx, { orgId, type: `crypto_gateway.payment.${what}`, data: eventData(view) });
  return view;
}

/** Sandbox: creates a payment with a fresh deposit address per accepted option. */
export async function createPayment({ ctx, input }: { ctx: Ctx; input: GatewayCreateBody }) {
  requireSandbox();
  authorize(ctx, "createPayment");
  return ctx.db.transaction(async (tx) => {
    const id = newId("gwp");
    const expiresAt = new Date(Date.now() + input.expires_in_minutes * 60_000);
    const [row] = await tx
      .insert(gatewayPayments)
      .values({
        id,
        orgId: ctx.orgId,
        title: input.title,
        currency: input.currency,
        requestedAmount: new Decimal(input.requested_amount).toFixed(8),
        externalReference: input.external_reference ?? null,
        expiresAt,
      })
      .returning();
    await tx.insert(gatewayPaymentOptions).values(
      ACCEPTED[input.currency].map(([assetCode, network], position) => ({
        paymentId: id,
        assetCode,
        network,
        depositAddress: randomAddress(CHAINS[network].format),
        position,
      })),
    );
    await enqueueJob(tx, {
      kind: GATEWAY_EXPIRE_JOB,
      orgId: ctx.orgId,
      payload: { paymentId: id },
      runAt: expiresAt,
    });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "gateway.payment.created",
        targetType: "gateway_payment",
        targetId: id,
        detail: { amount: row!.requestedAmount, currency: input.currency },
      },
    );
    return raise(tx, ctx.orgId, row!, "created");
  });
}

function statusFor(settled: Decimal, requested: Decimal): GatewayPaymentStatus {
  const cmp = settled.comparedTo(requested);
  return cmp < 0 ? "underpaid" : cmp === 0 ? "paid" : "overpaid";
}

/**
 * Sandbox: funds arrive at one option's address. They add to what already arrived (an underpaid
 * payment can be topped up; arrivals at once are counted one after the other, each exactly once);
 * the total decides the status. A paid, overpaid or expired payment takes no more (409 CONFLICT).
 */
export async function payPayment({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: GatewayPayBody & { payment_id: string };
}) {
  requireSandbox();
  authorize(ctx, "payPayment");
  return ctx.db.transaction(async (tx) => {
    // Locked: arrivals at one payment add up one after the other. Without the lock two top-ups of
    // an underpaid payment both read the same total and the second overwrote the first's.
    const current = await findPayment(tx, ctx.orgId, input.payment_id, { lock: true });
    const options = (await optionsOf(tx, [current.id])).get(current.id)!;
    const option = options.find(
      (o) => o.assetCode.toLowerCase() === input.asset_code.toLowerCase() && o.network === input.network,
    );
    if (!option)
      throw new ServiceError(
        "VALIDATION_ERROR",
        `This payment does not accept ${input.asset_code} on ${input.network}.`,
        {
          details: [{ path: "asset_code", message: "Not one of the payment's accepted options." }],
        },
      );
    const expired = current.status === "awaiting_payment" && current.expiresAt.getTime() <= Date.now();
    if (expired || !["awaiting_payment", "underpaid"].includes(current.status))
      throw new ServiceError(
        "CONFLICT",
        `This payment is ${expired ? "expired" : current.status}; it takes no more funds.`,
      );
    const settled = new Decimal(current.settledAmount ?? 0).plus(input.amount);
    const status = statusFor(settled, new Decimal(current.requestedAmount));
    const [row] = await tx
      .update(gatewayPayments)
      .set({
        status,
        settledAmount: settled.toFixed(8),
        assetCode: option.assetCode,
        network: option.network,
        txHash: randomTxHash(option.network as ChainId),
        paidAt: status === "underpaid" ? null : sql`now()`,
      })
      .where(
        and(
          eq(gatewayPayments.id, current.id),
          eq(gatewayPayments.orgId, ctx.orgId),
          eq(gatewayPayments.status, current.status),
        ),
      )
      .returning();
    if (!row) throw new ServiceError("CONFLICT", "The payment changed meanwhile; try again.");
    return raise(tx, ctx.orgId, row, status);
  });
}

/**
 * The expiry job: a payment still awaiting payment at expires_at expires (an underpaid one stays underpaid).
 */
export async function expirePayment(db: Db, orgId: string, paymentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(gatewayPayments)
      .set({ status: "expired" })
      .where(
        and(
          eq(gatewayPayments.id, paymentId),
          eq(gatewayPayments.orgId, orgId),
          eq(gatewayPayments.status, "awaiting_payment"),
          sql`${gatewayPayments.expiresAt} <= now()`,
        ),
      )
      .returning();
    if (row) await raise(tx, orgId, row, "expired");
  });
}
