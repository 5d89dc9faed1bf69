import { and, desc, eq, sql } from "drizzle-orm";
import type { BalanceAlertList, CustomerThreshold } from "@/lib/contracts/balance-alerts";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { balanceAlerts } from "@/server/db/schema/statements";
import { recordAudit } from "@/server/platform/audit";
import { checkCustomer } from "./evaluate";

/**
 * PUT .../customers/{svcCardId}/low-balance-threshold: the customer's optional threshold (null
 * turns it off). Checked at once against the balance now, so a threshold set above it fires.
 */
export async function setCustomerLowBalanceThreshold({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; threshold_minor: number | null };
}): Promise<CustomerThreshold> {
  authorize(ctx, "setCustomerLowBalanceThreshold");
  const customer = await findCustomer(ctx, input.svcCardId);
  return ctx.db.transaction(async (tx) => {
    const key = { orgId: ctx.orgId, kind: "customer" as const, subject: customer.svcCardId };
    const [before] = await tx
      .select({ threshold: balanceAlerts.thresholdMinor })
      .from(balanceAlerts)
      .where(
        and(
          eq(balanceAlerts.orgId, key.orgId),
          eq(balanceAlerts.kind, key.kind),
          eq(balanceAlerts.subject, key.subject),
        ),
      )
      .for("update");
    // A new threshold starts armed: it fires when the balance is (or goes) below it.
    await tx
      .insert(balanceAlerts)
      .values({ ...key, thresholdMinor: input.threshold_minor, state: "armed" })
      .onConflictDoUpdate({
        target: [balanceAlerts.orgId, balanceAlerts.kind, balanceAlerts.subject],
        set: { thresholdMinor: input.threshold_minor, state: "armed", updatedAt: sql`now()` },
      });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "card_customer.low_balance_threshold_set",
        targetType: "card_customer",
        targetId: customer.svcCardId,
        before: { low_balance_threshold_minor: before?.threshold ?? null },
        after: { low_balance_threshold_minor: input.threshold_minor },
      },
    );
    const fired = await checkCustomer(tx, ctx.orgId, customer.svcCardId);
    return { svc_card_id: customer.svcCardId, threshold_minor: input.threshold_minor, alert_fired: fired };
  });
}

/** The customer page's alert editor: the customer's threshold, null when none is set. */
export async function getCustomerLowBalanceThreshold({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}): Promise<{ svc_card_id: string; threshold_minor: number | null }> {
  authorize(ctx, "getCustomerLowBalanceThreshold");
  const customer = await findCustomer(ctx, input.svcCardId);
  const [row] = await ctx.db
    .select({ threshold: balanceAlerts.thresholdMinor })
    .from(balanceAlerts)
    .where(
      and(
        eq(balanceAlerts.orgId, ctx.orgId),
        eq(balanceAlerts.kind, "customer"),
        eq(balanceAlerts.subject, customer.svcCardId),
      ),
    );
  return { svc_card_id: customer.svcCardId, threshold_minor: row?.threshold ?? null };
}

/** The console's notifications: the balances below their thresholds now (fired alerts), newest first. */
export async function listBalanceAlerts({ ctx }: { ctx: Ctx }): Promise<BalanceAlertList> {
  authorize(ctx, "listBalanceAlerts");
  const rows = await ctx.db
    .select()
    .from(balanceAlerts)
    .where(and(eq(balanceAlerts.orgId, ctx.orgId), eq(balanceAlerts.state, "fired")))
    .orderBy(desc(balanceAlerts.firedAt))
    .limit(50);
  return {
    alerts: rows.map((r) => ({
      kind: r.kind,
      subject: r.subject,
      balance_minor: r.balanceMinor ?? 0,
      threshold_minor: r.thresholdMinor,
      fired_at: r.firedAt?.toISOString() ?? r.updatedAt.toISOString(),
    })),
  };
}
