import { and, eq, isNull, sql } from "drizzle-orm";
import { minorToDecimal } from "@/lib/money";
import type { Db } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import { users } from "@/server/db/schema/identity";
import { customerBalances, masterWallets } from "@/server/db/schema/money";
import { balanceAlerts } from "@/server/db/schema/statements";
import { emitEvent } from "@/server/events/outbox";
import { log } from "@/server/log";
import { providers } from "@/server/providers/current";

/**
 * Low-balance alerts (docs/statements.md, Balance alerts): an alert is armed until its balance is
 * below its threshold, then fires once (the event, and for a master wallet the admins' e-mail)
 * and stays fired until the balance is back at or above the threshold, which re-arms it. The
 * state row is locked while it moves, so two checks of one balance fire it once.
 */
export type AlertKind = "master_wallet" | "customer";

interface Watched {
  orgId: string;
  kind: AlertKind;
  /** The master wallet's currency, or the customer's svc_card_id. */
  subject: string;
  balanceMinor: number;
  thresholdMinor: number | null;
}

/** Moves the alert's state for the balance now: "fired" when it just crossed below, else null. */
export async function evaluateAlert(tx: Db, w: Watched): Promise<"fired" | "rearmed" | null> {
  if (w.thresholdMinor === null) return null;
  await tx
    .insert(balanceAlerts)
    .values({ orgId: w.orgId, kind: w.kind, subject: w.subject, state: "armed" })
    .onConflictDoNothing();
  const key = and(
    eq(balanceAlerts.orgId, w.orgId),
    eq(balanceAlerts.kind, w.kind),
    eq(balanceAlerts.subject, w.subject),
  );
  const [row] = await tx.select({ state: balanceAlerts.state }).from(balanceAlerts).where(key).for("update");
  const below = w.balanceMinor < w.thresholdMinor;
  if (below && row?.state === "armed") {
    await tx
      .update(balanceAlerts)
      .set({ state: "fired", firedAt: sql`now()`, balanceMinor: w.balanceMinor, updatedAt: sql`now()` })
      .where(key);
    return "fired";
  }
  if (!below && row?.state === "fired") {
    await tx
      .update(balanceAlerts)
      .set({ state: "armed", balanceMinor: w.balanceMinor, updatedAt: sql`now()` })
      .where(key);
    return "rearmed";
  }
  return null;
}

/** Each master wallet of the organization against its threshold (master_wallets.low_balance_threshold_minor). */
export async function checkMasterWallets(tx: Db, orgId: string): Promise<number> {
  const wallets = await tx.select().from(masterWallets).where(eq(masterWallets.orgId, orgId));
  let fired = 0;
  for (const w of wallets) {
    const moved = await evaluateAlert(tx, {
      orgId,
      kind: "master_wallet",
      subject: w.currency,
      balanceMinor: w.balanceMinor,
      thresholdMinor: w.lowBalanceThresholdMinor,
    });
    if (moved !== "fired") continue;
    fired += 1;
    const data = {
      currency: w.currency,
      balance_minor: w.balanceMinor,
      threshold_minor: w.lowBalanceThresholdMinor,
      timestamp: new Date().toISOString(),
    };
    await emitEvent(tx, { orgId, type: "master_wallet.balance.low", data });
    await emailAdmins(tx, orgId, {
      subject: `Master wallet ${w.currency} is below its low-balance threshold`,
      text:
        `The ${w.currency} master wallet holds ${minorToDecimal(w.balanceMinor)} ${w.currency}, below the ` +
        `threshold of ${minorToDecimal(w.lowBalanceThresholdMinor!)} ${w.currency}. Fund it to keep ` +
        "funding customers. You are told once per crossing.",
    });
  }
  return fired;
}

/** One customer's available balance against the threshold set for it (none: nothing to do). */
export async function checkCustomer(tx: Db, orgId: string, svcCardId: string): Promise<boolean> {
  const [alert] = await tx
    .select({ threshold: balanceAlerts.thresholdMinor })
    .from(balanceAlerts)
    .where(
      and(
        eq(balanceAlerts.orgId, orgId),
        eq(balanceAlerts.kind, "customer"),
        eq(balanceAlerts.subject, svcCardId),
      ),
    );
  if (!alert || alert.threshold === null) return false;
  const [balance] = await tx
    .select({
      ledger: customerBalances.ledgerMinor,
      pending: customerBalances.pendingMinor,
      currency: customerBalances.currency,
      metadata: cardCustomers.metadata,
    })
    .from(customerBalances)
    .innerJoin(cardCustomers, eq(cardCustomers.id, customerBalances.customerId))
    .where(and(eq(cardCustomers.orgId, orgId), eq(cardCustomers.svcCardId, svcCardId)));
  if (!balance) return false;
  const available = balance.ledger - balance.pending;
  const moved = await evaluateAlert(tx, {
    orgId,
    kind: "customer",
    subject: svcCardId,
    balanceMinor: available,
    thresholdMinor: alert.threshold,
  });
  if (moved !== "fired") return false;
  await emitEvent(tx, {
    orgId,
    type: "customer.balance.low",
    data: {
      svc_card_id: svcCardId,
      currency: balance.currency,
      balance_minor: available,
      threshold_minor: alert.threshold,
      timestamp: new Date().toISOString(),
      metadata: balance.metadata,
    },
  });
  return true;
}

/** The program's active admins, each by e-mail (the messaging port; in sandbox the dev outbox). */
async function emailAdmins(tx: Db, orgId: string, mail: { subject: string; text: string }): Promise<void> {
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.role, "admin"), isNull(users.deactivatedAt)));
  for (const a of admins) await providers().messaging.sendEmail(tx, { orgId, to: a.email, ...mail });
  if (admins.length === 0) log.warn({ orgId }, "no admin to e-mail about a low master wallet");
}
