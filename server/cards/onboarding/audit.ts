import type { Actor, Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { type AuditEntryInput, recordAudit } from "@/server/platform/audit";
import type { CardCustomerRow } from "../customers/find";

/**
 * The system actor's reason when the cardholder pages start an account for someone not signed in
 * yet (server/cards/cardholder/sign-in.ts): the audit log names the new cardholder as the actor.
 */
export const CARDHOLDER_SIGN_UP = "cardholder sign-up";

/**
 * Who the audit log names for an onboarding step: staff or an API credential, the signed-in
 * cardholder, or the new cardholder signing up. Null for the process's own walks (the demo
 * program), which are not audited, like every system change.
 */
function actorOfStep(ctx: Ctx, customer: CardCustomerRow): Actor | null {
  if (ctx.actor.type !== "system") return ctx.actor;
  return ctx.actor.reason === CARDHOLDER_SIGN_UP ? { type: "cardholder", customerId: customer.id } : null;
}

/**
 * An onboarding step (docs/audit-log.md: `onboarding.*`, and `card_customer.created`) written with
 * recordAudit in the step's transaction `tx`; the target is the card customer.
 */
export async function auditOnboardingStep(
  ctx: Ctx,
  tx: Db,
  customer: CardCustomerRow,
  entry: Omit<AuditEntryInput, "targetType" | "targetId">,
): Promise<void> {
  const actor = actorOfStep(ctx, customer);
  if (!actor) return;
  await recordAudit(
    { ...ctx, actor, db: tx },
    { ...entry, targetType: "card_customer", targetId: customer.id },
  );
}

/** The flow before and after a step, for the entry's before/after. */
export function flowChange(before: CardCustomerRow, after: CardCustomerRow) {
  return {
    before: { flow_status: before.flowStatus, step: before.step },
    after: { flow_status: after.flowStatus, step: after.step },
  };
}
