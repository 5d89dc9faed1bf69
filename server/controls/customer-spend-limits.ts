import type { SpendLimitsView } from "@/lib/contracts/spending-controls";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { readCounters } from "./counters";
import { windowChecks, windowId } from "./evaluate";
import { programTimeZone } from "./load";
import { readControls } from "./store";
import { localIso, nextWindowStart } from "./windows";

/**
 * What is left of a card customer's own limits (docs/spending-controls.md, What is left): they
 * count across all of its cards, so they are read without a card, for the customer page's Controls
 * section and its preview. The card's and program's limits count per card: each card's page shows
 * those (./spend-limits.ts).
 */
export async function getCustomerSpendLimits({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}): Promise<SpendLimitsView> {
  authorize(ctx, "getCustomerSpendLimits");
  const customer = await findCustomer(ctx, input.svcCardId);
  const [{ controls }, timeZone] = [
    await readControls(ctx.db, ctx.orgId, "customer", customer.id),
    await programTimeZone(ctx.db, ctx.orgId),
  ];
  const limits: SpendLimitsView["limits"] = controls.spending_limits
    .filter((l) => l.interval === "per_authorization")
    .map((l) => ({
      level: "customer",
      kind: "amount",
      interval: l.interval,
      ...(l.categories ? { categories: l.categories } : {}),
      limit: toMajor(l.amount_minor),
      used: 0,
      remaining: toMajor(l.amount_minor),
      resets_at: null,
    }));
  const checks = windowChecks(
    [{ level: "customer", controls }],
    // No card: customer limits count per customer (the card id is never read for them).
    { cardId: "", customerId: customer.id, mcc: null, at: new Date() },
    timeZone,
    { everyCategory: true },
  );
  const held = await readCounters(
    ctx.db,
    ctx.orgId,
    checks.map((c) => c.window),
  );
  for (const c of checks) {
    const used = held.get(windowId(c.window)) ?? { amountMinor: 0, count: 0 };
    const usedValue = c.kind === "amount" ? used.amountMinor : used.count;
    const remaining = Math.max(0, c.limit - usedValue);
    const next = nextWindowStart(c.interval, new Date(c.window.start), timeZone);
    limits.push({
      level: "customer",
      kind: c.kind,
      interval: c.interval,
      ...(c.categories ? { categories: c.categories } : {}),
      limit: c.kind === "amount" ? toMajor(c.limit) : c.limit,
      used: c.kind === "amount" ? toMajor(usedValue) : usedValue,
      remaining: c.kind === "amount" ? toMajor(remaining) : remaining,
      resets_at: next ? localIso(next, timeZone) : null,
    });
  }
  return { time_zone: timeZone, currency: customer.currency ?? "EUR", limits };
}
