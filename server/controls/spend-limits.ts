import type { SpendLimitsView } from "@/lib/contracts/spending-controls";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import { findCard } from "@/server/cards/lifecycle/find-card";
import type { Ctx } from "@/server/context";
import { readCounters } from "./counters";
import { windowChecks, windowId } from "./evaluate";
import { loadAuthorizationControls } from "./load";
import { localIso, nextWindowStart } from "./windows";

/**
 * GET .../cards/{cardId}/spend-limits (docs/spending-controls.md, What is left): every limit of the
 * card, its customer and the program, what its current window used and what is left, and when it
 * resets (in the program's zone). Per-authorization limits show the most one purchase may be.
 */
export async function getSpendLimits({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; cardId: string };
}): Promise<SpendLimitsView> {
  authorize(ctx, "getSpendLimits");
  const customer = await findCustomer(ctx, input.svcCardId);
  const card = await findCard(ctx, customer, input.cardId);
  const currency = customer.currency ?? "EUR";
  return ctx.db.transaction(async (tx) => {
    const loaded = await loadAuthorizationControls(tx, ctx.orgId, {
      cardId: card.id,
      customerId: customer.id,
    });
    const now = new Date();
    const limits: SpendLimitsView["limits"] = [];
    for (const { level, controls } of loaded.levels)
      for (const l of controls.spending_limits)
        if (l.interval === "per_authorization")
          limits.push({
            level,
            kind: "amount",
            interval: l.interval,
            ...(l.categories ? { categories: l.categories } : {}),
            limit: toMajor(l.amount_minor),
            used: 0,
            remaining: toMajor(l.amount_minor),
            resets_at: null,
          });
    const checks = windowChecks(
      loaded.levels,
      { cardId: card.id, customerId: customer.id, mcc: null, at: now },
      loaded.timeZone,
      { everyCategory: true },
    );
    const held = await readCounters(
      tx,
      ctx.orgId,
      checks.map((c) => c.window),
    );
    for (const c of checks) {
      const used = held.get(windowId(c.window)) ?? { amountMinor: 0, count: 0 };
      const next = nextWindowStart(c.interval, new Date(c.window.start), loaded.timeZone);
      const usedValue = c.kind === "amount" ? used.amountMinor : used.count;
      const remaining = Math.max(0, c.limit - usedValue);
      limits.push({
        level: c.level,
        kind: c.kind,
        interval: c.interval,
        ...(c.categories ? { categories: c.categories } : {}),
        limit: c.kind === "amount" ? toMajor(c.limit) : c.limit,
        used: c.kind === "amount" ? toMajor(usedValue) : usedValue,
        remaining: c.kind === "amount" ? toMajor(remaining) : remaining,
        resets_at: next ? localIso(next, loaded.timeZone) : null,
      });
    }
    return { time_zone: loaded.timeZone, currency, limits };
  });
}
