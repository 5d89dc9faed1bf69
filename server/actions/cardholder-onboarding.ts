"use server";

import {
  cardholderNoInputSchema,
  cardholderPhoneCodeSchema,
  cardholderPhoneSchema,
} from "@/lib/contracts/cardholder";
import { sourceOfFundsAnswersSchema } from "@/lib/contracts/cards";
import { onBrowsersOrigin } from "@/server/action-kit/browser-origin";
import { createVirtualCard } from "@/server/cards/lifecycle/create-virtual";
import { getMyAccount } from "@/server/cards/my-account";
import { getKycLink } from "@/server/cards/onboarding/kyc";
import { requestPhoneVerification, verifyPhone } from "@/server/cards/onboarding/phone";
import { deploySafe, getSafeDeployment } from "@/server/cards/onboarding/safe";
import { submitSourceOfFunds } from "@/server/cards/onboarding/source-of-funds";
import { defineCardholderAction } from "./cardholder-session";

/*
 * The onboarding wizard's steps (app/(cardholder)/card/[orgId]/onboarding). Each acts on the
 * signed-in cardholder's own account: the svc_card_id comes from the session, never the browser.
 */

const none = cardholderNoInputSchema;

/** The hosted KYC page, on the host the browser is on, with a link back to the wizard (a path). */
export const kycLinkAction = defineCardholderAction(
  { input: none, can: "getKycLink", name: "cardholderKycLink" },
  async ({ ctx, session }) => {
    const returnTo = `/card/${encodeURIComponent(session.org.id)}/onboarding?kyc=returned`;
    const link = await getKycLink({ ctx, input: { svcCardId: session.customer.svcCardId, returnTo } });
    return { url: onBrowsersOrigin(link.url) };
  },
);

export const submitSourceOfFundsAction = defineCardholderAction(
  { input: sourceOfFundsAnswersSchema, can: "submitSourceOfFunds", name: "cardholderSourceOfFunds" },
  async ({ ctx, session, input }) => {
    await submitSourceOfFunds({
      ctx,
      input: { svcCardId: session.customer.svcCardId, answers: input.answers },
    });
    return { done: true as const };
  },
);

export const requestPhoneCodeAction = defineCardholderAction(
  { input: cardholderPhoneSchema, can: "requestPhoneVerification", name: "cardholderPhoneCode" },
  async ({ ctx, session, input }) => {
    await requestPhoneVerification({
      ctx,
      input: { svcCardId: session.customer.svcCardId, phone: input.phone },
    });
    return { phone: input.phone };
  },
);

export const verifyPhoneAction = defineCardholderAction(
  { input: cardholderPhoneCodeSchema, can: "verifyPhone", name: "cardholderVerifyPhone" },
  async ({ ctx, session, input }) => {
    await verifyPhone({ ctx, input: { svcCardId: session.customer.svcCardId, code: input.code } });
    return { done: true as const };
  },
);

export const deployWalletAction = defineCardholderAction(
  { input: none, can: "deploySafe", name: "cardholderDeployWallet" },
  async ({ ctx, session }) => {
    const { deployment } = await deploySafe({ ctx, input: { svcCardId: session.customer.svcCardId } });
    return deployment;
  },
);

/** Polled about once a second while the wallet deploys. */
export const walletProgressAction = defineCardholderAction(
  { input: none, can: "getSafeDeployment", name: "cardholderWalletProgress" },
  async ({ ctx, session }) => {
    return getSafeDeployment({ ctx, input: { svcCardId: session.customer.svcCardId } });
  },
);

export const createFirstCardAction = defineCardholderAction(
  { input: none, can: "createVirtualCard", name: "cardholderCreateCard" },
  async ({ ctx, session }) => {
    const card = await createVirtualCard({ ctx, input: { svcCardId: session.customer.svcCardId } });
    return { card_id: card.card_id, last_four: card.last_four };
  },
);

/**
 * The wizard and My card poll this briefly after the PIN page reports success (pin_set follows an upstream
 * event).
 */
export const myAccountAction = defineCardholderAction(
  { input: none, can: "getMyAccount", name: "cardholderMyAccount" },
  async ({ ctx }) => getMyAccount({ ctx }),
);
