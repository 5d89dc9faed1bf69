import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import type { CardCurrency, KycStatus } from "@/server/db/schema/cards";
import { providers } from "@/server/providers/current";
import { type CardCustomerRow, findCustomer } from "../customers/find";
import { auditOnboardingStep } from "./audit";
import { type CustomerChanges, onboardingStateOf, saveProgress } from "./progress";

export interface KycLink {
  svc_card_id: string;
  url: string;
  expires_at: string;
  kyc_status: KycStatus;
}

export interface KycStatusView {
  svc_card_id: string;
  kyc_status: KycStatus;
  currency: CardCurrency | null;
  step: number;
  flow_status: CardCustomerRow["flowStatus"];
  next_action: string;
}

/** Upstream says rejected is final; approval ends identity verification for our record too. */
const FINAL: readonly KycStatus[] = ["approved", "rejected"];

/**
 * GET /v1/svc-card/{svcCardId}/kyc-link: the hosted KYC page for step 2. The first call makes the
 * applicant; after a link expired (or verification expired) a new one may be requested
 * (docs/card-program.md, Onboarding). `returnTo` is passed to the page as ?return_to=.
 *
 * A GET (the interface's shape) that is not a read: it mints a link, which is a bearer credential
 * to the applicant's verification (in sandbox its page decides KYC), replaces the previous link and
 * is audited. So it needs `write` like every other onboarding step; the cardholder gets their own.
 */
export async function getKycLink({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; returnTo?: string };
}): Promise<KycLink> {
  authorize(ctx, "getKycLink");
  return ctx.db.transaction(async (tx) => {
    let customer = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
    if (!customer.emailVerifiedAt)
      throw new ServiceError("EMAIL_NOT_VERIFIED", "Verify the email address with the 6-digit code first.");
    if (customer.kycStatus === "rejected" || customer.flowStatus === "rejected") {
      throw new ServiceError(
        "KYC_REJECTED",
        "Identity verification was rejected: this customer cannot be issued a card.",
      );
    }
    if (customer.kycStatus === "approved")
      throw new ServiceError("ONBOARDING_STEP_DONE", "Identity verification is already approved.");
    const link = await providers().kyc.createLink(tx, {
      orgId: ctx.orgId,
      externalRef: customer.id,
      email: customer.email,
      applicantId: customer.kycApplicantId,
    });
    // The provider may have reported a change (an expired applicant starting over) in this transaction.
    customer = await findCustomer(ctx, input.svcCardId, { db: tx });
    const changes: CustomerChanges = {};
    if (link.applicantId !== customer.kycApplicantId) changes.kycApplicantId = link.applicantId;
    // A new link after expiry starts verification over.
    if (customer.kycStatus === "expired")
      Object.assign(changes, { kycStatus: "pending", kycUpdatedAt: new Date() });
    if (Object.keys(changes).length) customer = await saveProgress(tx, customer, changes);
    await auditOnboardingStep(ctx, tx, customer, {
      action: "onboarding.kyc_link_created",
      after: { kyc_status: customer.kycStatus },
    });
    return {
      svc_card_id: customer.svcCardId,
      url: withReturnTo(link.url, input.returnTo),
      expires_at: link.expiresAt.toISOString(),
      kyc_status: customer.kycStatus,
    };
  });
}

function withReturnTo(url: string, returnTo: string | undefined): string {
  if (!returnTo) return url;
  return `${url}${url.includes("?") ? "&" : "?"}return_to=${encodeURIComponent(returnTo)}`;
}

/**
 * GET /v1/svc-card/{svcCardId}/kyc-status. While verification is open it also asks the provider
 * and applies a change it finds, so a missed kyc.status.changed event cannot strand the customer.
 */
export async function getKycStatus({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}): Promise<KycStatusView> {
  authorize(ctx, "getKycStatus");
  let customer = await findCustomer(ctx, input.svcCardId);
  if (customer.kycApplicantId && !FINAL.includes(customer.kycStatus)) {
    const upstream = await providers().kyc.getStatus(ctx.db, {
      orgId: ctx.orgId,
      applicantId: customer.kycApplicantId,
    });
    if (
      upstream &&
      (upstream.kycStatus !== customer.kycStatus ||
        (upstream.currency && upstream.currency !== customer.currency))
    ) {
      customer = await ctx.db.transaction(async (tx) => {
        const locked = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
        return applyKycResult(tx, locked, { ...upstream, applicantId: customer.kycApplicantId! });
      });
    }
  }
  const state = await onboardingStateOf(ctx.db, customer);
  return {
    svc_card_id: customer.svcCardId,
    kyc_status: customer.kycStatus,
    currency: customer.currency,
    step: state.step,
    flow_status: state.flow_status,
    next_action: state.next_action,
  };
}

/**
 * Applies the provider's verdict to a locked customer (the inbound event and the status pull):
 * approved assigns the currency and moves to source of funds (step 3); rejected ends onboarding
 * (flow_status rejected); the other statuses only update kyc_status. A final status is kept.
 */
export async function applyKycResult(
  tx: Db,
  customer: CardCustomerRow,
  result: { kycStatus: KycStatus; currency: CardCurrency | null; applicantId: string },
): Promise<CardCustomerRow> {
  const changes: CustomerChanges = {};
  if (!customer.kycApplicantId) changes.kycApplicantId = result.applicantId;
  if (FINAL.includes(customer.kycStatus)) {
    if (customer.kycStatus === "approved" && !customer.currency && result.currency)
      changes.currency = result.currency;
  } else if (result.kycStatus !== customer.kycStatus) {
    changes.kycStatus = result.kycStatus;
    changes.kycUpdatedAt = new Date();
    if (result.kycStatus === "approved" && result.currency) changes.currency = result.currency;
  }
  return Object.keys(changes).length ? saveProgress(tx, customer, changes) : customer;
}
