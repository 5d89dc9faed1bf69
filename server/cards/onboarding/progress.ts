import { and, eq, sql } from "drizzle-orm";
import type { OnboardingState } from "@/lib/contracts/cards";
import { type ErrorCode, ServiceError } from "@/lib/errors";
import type { Db } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import { type CardCustomerRow, cardsOf } from "../customers/find";
import { customerPinSet } from "../customers/view";
import { type FlowStatusName, nextActionOf, STEP_OF_FLOW } from "../flow";

/**
 * Where onboarding stands follows from the facts recorded so far (email verified, KYC result,
 * answers, phone). Every step records its fact and calls saveProgress, which moves flow_status
 * to what the facts allow, never backwards: an upstream event that arrives out of order (a KYC
 * approval before the email was verified, in the sandbox) is kept and counted later.
 */
type Facts = Pick<CardCustomerRow, "emailVerifiedAt" | "kycStatus" | "sourceOfFundsAt" | "phoneVerifiedAt">;

function flowOfFacts(c: Facts): FlowStatusName {
  if (!c.emailVerifiedAt) return "email_verification";
  if (c.kycStatus === "rejected") return "rejected";
  if (c.kycStatus !== "approved") return "identity_verification";
  if (!c.sourceOfFundsAt) return "source_of_funds";
  if (!c.phoneVerifiedAt) return "phone_verification";
  // Step 6 (active) is reached by creating the first card (server/cards/cards).
  return "account_setup";
}

/** Forward only; rejected is the exit of identity verification and final. */
export function nextFlow(current: FlowStatusName, reached: FlowStatusName): FlowStatusName {
  if (current === "rejected") return current;
  if (reached === "rejected")
    return current === "email_verification" || current === "identity_verification" ? "rejected" : current;
  return STEP_OF_FLOW[reached] > STEP_OF_FLOW[current] ? reached : current;
}

export type CustomerChanges = Partial<
  Omit<typeof cardCustomers.$inferInsert, "id" | "orgId" | "svcCardId" | "step" | "flowStatus">
>;

/** Records a step's changes on the (locked) customer and moves its flow as far as they allow. */
export async function saveProgress(
  tx: Db,
  customer: CardCustomerRow,
  changes: CustomerChanges,
): Promise<CardCustomerRow> {
  const flowStatus = nextFlow(customer.flowStatus, flowOfFacts({ ...customer, ...changes }));
  const [row] = await tx
    .update(cardCustomers)
    .set({ ...changes, flowStatus, step: STEP_OF_FLOW[flowStatus], updatedAt: sql`now()` })
    .where(and(eq(cardCustomers.id, customer.id), eq(cardCustomers.orgId, customer.orgId)))
    .returning();
  return row!;
}

/** The customer by record id (inbound events carry it), locked; null when unknown. */
export async function lockCustomerByRecordId(
  db: Db,
  orgId: string,
  customerId: string,
): Promise<CardCustomerRow | null> {
  const [row] = await db
    .select()
    .from(cardCustomers)
    .where(and(eq(cardCustomers.orgId, orgId), eq(cardCustomers.id, customerId)))
    .for("update");
  return row ?? null;
}

/** The answer of every onboarding step. pin_set only matters once active. */
export async function onboardingStateOf(db: Db, c: CardCustomerRow): Promise<OnboardingState> {
  const pinSet = c.flowStatus === "active" ? customerPinSet(await cardsOf(db, c.orgId, c.id)) : false;
  return {
    svc_card_id: c.svcCardId,
    step: c.step,
    flow_status: c.flowStatus,
    next_action: nextActionOf(c, pinSet),
  };
}

/** What each stage of requireOnboardedUpTo (and a card's creation) is refused with, in onboarding order. */
const PRECONDITION_ERRORS = {
  kyc: ["EMAIL_NOT_VERIFIED", "KYC_REJECTED", "KYC_NOT_APPROVED"],
  source_of_funds: ["SOURCE_OF_FUNDS_REQUIRED"],
  phone: ["PHONE_NOT_VERIFIED"],
} as const satisfies Record<string, readonly ErrorCode[]>;
type OnboardingStage = keyof typeof PRECONDITION_ERRORS;

/**
 * The refusals of the onboarding preconditions up to `upTo`, in the order they are checked: the one
 * list the routes that need them (a later step, the wallet, a card) declare in their `errors`.
 */
export function onboardingPreconditionErrors(upTo: OnboardingStage): ErrorCode[] {
  const stages = Object.keys(PRECONDITION_ERRORS) as OnboardingStage[];
  return stages.slice(0, stages.indexOf(upTo) + 1).flatMap((stage) => PRECONDITION_ERRORS[stage]);
}

/**
 * The first missing precondition of the steps after identity verification, in onboarding order
 * (docs/card-program.md, Onboarding; the order card creation names them in); `upTo` is the last one needed.
 */
export function requireOnboardedUpTo(c: CardCustomerRow, upTo: OnboardingStage): void {
  if (!c.emailVerifiedAt)
    throw new ServiceError("EMAIL_NOT_VERIFIED", "Verify the email address with the 6-digit code first.");
  if (c.kycStatus === "rejected")
    throw new ServiceError(
      "KYC_REJECTED",
      "Identity verification was rejected: this customer cannot continue onboarding.",
    );
  if (c.kycStatus !== "approved")
    throw new ServiceError(
      "KYC_NOT_APPROVED",
      `Identity verification must be approved first (kyc_status is ${c.kycStatus}).`,
    );
  if (upTo === "kyc") return;
  if (!c.sourceOfFundsAt)
    throw new ServiceError("SOURCE_OF_FUNDS_REQUIRED", "Answer the source-of-funds questions first.");
  if (upTo === "source_of_funds") return;
  if (!c.phoneVerifiedAt) throw new ServiceError("PHONE_NOT_VERIFIED", "Verify a mobile phone number first.");
}
