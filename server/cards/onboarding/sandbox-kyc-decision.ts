import type { CardCustomerView } from "@/lib/contracts/cards";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import { cardsOf, findCustomer } from "@/server/cards/customers/find";
import { customerView } from "@/server/cards/customers/view";
import type { Ctx } from "@/server/context";
import type { CardCurrency } from "@/server/db/schema/cards";
import { recordAudit } from "@/server/platform/audit";
import { decideApplicant, type KycDecision } from "../../providers/sandbox/kyc";
import { COUNTRY_OF_CURRENCY } from "../../providers/sandbox/kyc-regions";
import { requireSandbox } from "../../providers/sandbox/mode";

/**
 * POST /api/v1/sandbox/kyc/{svcCardId} (sandbox mode only): what a reviewer at the KYC provider
 * would decide, without the hosted page. It goes through the simulated provider, which reports
 * kyc.status.changed to our inbound handler in the same transaction, so the customer it
 * answers with is exactly what the real path would have made of the decision.
 */
export async function decideCustomerKyc({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; decision: KycDecision; currency?: CardCurrency };
}): Promise<CardCustomerView> {
  requireSandbox();
  authorize(ctx, "decideCustomerKyc");
  const customer = await findCustomer(ctx, input.svcCardId);
  if (customer.flowStatus === "email_verification") {
    throw new ServiceError(
      "EMAIL_NOT_VERIFIED",
      "Verify the customer's email address first: identity verification is step 2.",
    );
  }
  const after = await ctx.db.transaction(async (tx) => {
    await decideApplicant(tx, {
      orgId: ctx.orgId,
      applicantId: customer.kycApplicantId,
      externalRef: customer.id,
      email: customer.email,
      decision: input.decision,
      // The currency is the region's: a currency given picks a country of that region; else the applicant's
      // own, else DE.
      country: input.currency ? COUNTRY_OF_CURRENCY[input.currency] : undefined,
    });
    const decided = await findCustomer(ctx, input.svcCardId, { db: tx });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "sandbox.kyc_decided",
        targetType: "card_customer",
        targetId: customer.id,
        before: { kyc_status: customer.kycStatus },
        after: { kyc_status: decided.kycStatus },
        detail: { decision: input.decision, ...(input.currency ? { currency: input.currency } : {}) },
      },
    );
    return decided;
  });
  return customerView(after, await cardsOf(ctx.db, ctx.orgId, after.id));
}
