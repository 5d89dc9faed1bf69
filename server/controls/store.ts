import { and, eq, sql } from "drizzle-orm";
import type {
  SpendingControlsInput,
  SpendingControlsView,
  StoredSpendingControls,
} from "@/lib/contracts/spending-controls";
import type { ControlLevel } from "@/lib/enums";
import { toMajor } from "@/lib/money";
import { authorize } from "@/server/auth/authorize";
import { findCustomer } from "@/server/cards/customers/find";
import { findCard } from "@/server/cards/lifecycle/find-card";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cardMetadataFor, customerMetadataFor } from "@/server/db/event-metadata";
import { spendingControls } from "@/server/db/schema/controls";
import { emitEvent } from "@/server/events/outbox";
import { recordAudit } from "@/server/platform/audit";
import { assertOnlyLowered } from "./lower-only";

/**
 * Read and replace the spending controls of a card, a card customer or the program
 * (docs/spending-controls.md, The model). A replacement is one transaction: the row, the audit entry
 * and card.spending_controls.updated.
 */

export const EMPTY_CONTROLS: StoredSpendingControls = { spending_limits: [], count_limits: [] };

export interface ControlsTarget {
  level: ControlLevel;
  targetId: string;
  svcCardId: string | null;
  cardId: string | null;
}

export function storedControls(input: SpendingControlsInput): StoredSpendingControls {
  const stored: StoredSpendingControls = {
    spending_limits: input.spending_limits.map((l) => ({
      amount_minor: l.amount,
      interval: l.interval,
      ...(l.categories ? { categories: l.categories } : {}),
    })),
    count_limits: input.count_limits,
  };
  for (const key of [
    "allowed_categories",
    "blocked_categories",
    "allowed_merchant_countries",
    "blocked_merchant_countries",
  ] as const)
    if (input[key]) stored[key] = [...new Set(input[key])];
  return stored;
}

export function controlsView(
  level: ControlLevel,
  controls: StoredSpendingControls,
  updatedAt: Date | null,
): SpendingControlsView {
  return {
    level,
    spending_controls: {
      ...controls,
      spending_limits: controls.spending_limits.map((l) => ({
        amount: toMajor(l.amount_minor),
        amount_minor: l.amount_minor,
        interval: l.interval,
        ...(l.categories ? { categories: l.categories } : {}),
      })),
    },
    updated_at: updatedAt ? updatedAt.toISOString() : null,
  };
}

export async function readControls(
  db: Db,
  orgId: string,
  level: ControlLevel,
  targetId: string,
): Promise<{ controls: StoredSpendingControls; updatedAt: Date | null }> {
  const [row] = await db
    .select({ controls: spendingControls.controls, updatedAt: spendingControls.updatedAt })
    .from(spendingControls)
    .where(
      and(
        eq(spendingControls.orgId, orgId),
        eq(spendingControls.level, level),
        eq(spendingControls.targetId, targetId),
      ),
    );
  return row ?? { controls: EMPTY_CONTROLS, updatedAt: null };
}

/** The card (of this customer) or customer a path names; 404 for another organization's or customer's. */
export async function resolveTarget(
  ctx: Ctx,
  ids: { svcCardId?: string; cardId?: string },
): Promise<ControlsTarget> {
  if (!ids.svcCardId) return { level: "program", targetId: "", svcCardId: null, cardId: null };
  const customer = await findCustomer(ctx, ids.svcCardId);
  if (!ids.cardId)
    return { level: "customer", targetId: customer.id, svcCardId: customer.svcCardId, cardId: null };
  const card = await findCard(ctx, customer, ids.cardId);
  return { level: "card", targetId: card.id, svcCardId: customer.svcCardId, cardId: card.id };
}

async function getAt(ctx: Ctx, ids: { svcCardId?: string; cardId?: string }): Promise<SpendingControlsView> {
  const target = await resolveTarget(ctx, ids);
  const { controls, updatedAt } = await readControls(ctx.db, ctx.orgId, target.level, target.targetId);
  return controlsView(target.level, controls, updatedAt);
}

async function replaceAt(
  ctx: Ctx,
  ids: { svcCardId?: string; cardId?: string },
  input: SpendingControlsInput,
): Promise<SpendingControlsView> {
  const target = await resolveTarget(ctx, ids);
  const controls = storedControls(input);
  return ctx.db.transaction(async (tx) => {
    const before = await readControls(tx, ctx.orgId, target.level, target.targetId);
    // A cardholder may only tighten their own card's controls (docs/spending-controls.md, Cardholders).
    if (ctx.actor.type === "cardholder") assertOnlyLowered(before.controls, controls);
    const [row] = await tx
      .insert(spendingControls)
      .values({ orgId: ctx.orgId, level: target.level, targetId: target.targetId, controls })
      .onConflictDoUpdate({
        target: [spendingControls.orgId, spendingControls.level, spendingControls.targetId],
        set: { controls, updatedAt: sql`now()` },
      })
      .returning({ updatedAt: spendingControls.updatedAt });
    const view = controlsView(target.level, controls, row!.updatedAt);
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "card.spending_controls_updated",
        targetType:
          target.level === "program"
            ? "card_program"
            : target.level === "customer"
              ? "card_customer"
              : "card",
        targetId: target.level === "program" ? ctx.orgId : target.targetId,
        before: { spending_controls: before.controls },
        after: { spending_controls: controls },
      },
    );
    await emitEvent(tx, {
      orgId: ctx.orgId,
      type: "card.spending_controls.updated",
      data: {
        level: target.level,
        svc_card_id: target.svcCardId,
        card_id: target.cardId,
        spending_controls: view.spending_controls,
        timestamp: row!.updatedAt.toISOString(),
        metadata: await targetMetadata(tx, ctx.orgId, target),
      },
    });
    return view;
  });
}

/** The metadata card.spending_controls.updated carries: the card's, the customer's, none for the program. */
async function targetMetadata(tx: Db, orgId: string, target: ControlsTarget) {
  if (target.level === "card") return cardMetadataFor(tx, orgId, { id: target.targetId });
  if (target.level === "customer") return customerMetadataFor(tx, orgId, { id: target.targetId });
  return {};
}

type CardIds = { svcCardId: string; cardId: string };

export async function getCardSpendingControls({ ctx, input }: { ctx: Ctx; input: CardIds }) {
  authorize(ctx, "getCardSpendingControls");
  return getAt(ctx, input);
}
export async function replaceCardSpendingControls({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CardIds & { controls: SpendingControlsInput };
}) {
  authorize(ctx, "replaceCardSpendingControls");
  return replaceAt(ctx, input, input.controls);
}
export async function getCustomerSpendingControls({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}) {
  authorize(ctx, "getCustomerSpendingControls");
  return getAt(ctx, input);
}
export async function replaceCustomerSpendingControls({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; controls: SpendingControlsInput };
}) {
  authorize(ctx, "replaceCustomerSpendingControls");
  return replaceAt(ctx, input, input.controls);
}
export async function getProgramSpendingControls({ ctx }: { ctx: Ctx }) {
  authorize(ctx, "getProgramSpendingControls");
  return getAt(ctx, {});
}
export async function replaceProgramSpendingControls({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: SpendingControlsInput;
}) {
  authorize(ctx, "replaceProgramSpendingControls");
  return replaceAt(ctx, {}, input);
}
