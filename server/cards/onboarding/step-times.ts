import { and, eq } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { cardCustomers } from "@/server/db/schema/cards";
import { type CardCustomerRow, type CardRow, cardsOf } from "../customers/find";

/**
 * When each onboarding step (1 to 6, server/cards/flow.ts) was completed, by step number; null
 * for a step not done (or done before its time was recorded). Read from the stamps on the customer
 * row: the email code, the identity decision (approved, or the time of a rejection, which stops
 * the flow at step 2), the source-of-funds answers, the phone code, the wallet's deployment; the
 * account is active from its first card.
 */
export type OnboardingStepTimes = Record<1 | 2 | 3 | 4 | 5 | 6, string | null>;

export function onboardingStepTimes(
  customer: Pick<
    CardCustomerRow,
    | "emailVerifiedAt"
    | "kycStatus"
    | "kycUpdatedAt"
    | "sourceOfFundsAt"
    | "phoneVerifiedAt"
    | "safeDeployedAt"
  >,
  cards: Pick<CardRow, "createdAt">[],
): OnboardingStepTimes {
  const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;
  const decided = customer.kycStatus === "approved" || customer.kycStatus === "rejected";
  const firstCard = cards.reduce<Date | null>(
    (first, c) => (first === null || c.createdAt < first ? c.createdAt : first),
    null,
  );
  return {
    1: iso(customer.emailVerifiedAt),
    2: decided ? iso(customer.kycUpdatedAt) : null,
    3: iso(customer.sourceOfFundsAt),
    4: iso(customer.phoneVerifiedAt),
    5: iso(customer.safeDeployedAt),
    6: iso(firstCard),
  };
}

/** The signed-in cardholder's own step times, for the stepper of their onboarding page. */
export async function getMyOnboardingTimes({ ctx }: { ctx: Ctx }): Promise<OnboardingStepTimes> {
  authorize(ctx, "getMyOnboardingTimes");
  if (ctx.actor.type !== "cardholder")
    throw new ServiceError(
      "INSUFFICIENT_PERMISSION",
      "Only a signed-in cardholder has onboarding times of their own.",
    );
  const [customer] = await ctx.db
    .select()
    .from(cardCustomers)
    .where(and(eq(cardCustomers.id, ctx.actor.customerId), eq(cardCustomers.orgId, ctx.orgId)));
  if (!customer) throw new ServiceError("NOT_FOUND", "This card account no longer exists.");
  return onboardingStepTimes(customer, await cardsOf(ctx.db, ctx.orgId, customer.id));
}
