"use server";

import { kycPageDecisionSchema } from "@/lib/contracts/sandbox";
import { definePublicAction } from "@/server/action-kit/define-action";
import { getDb } from "@/server/db/client";
import type { CardCurrency, KycStatus } from "@/server/db/schema/cards";
import { decideByLink } from "@/server/providers/sandbox/kyc-link";
import { requireSandbox } from "@/server/providers/sandbox/mode";

/*
 * The hosted KYC page (app/kyc/[token]): the KYC provider's, simulated in sandbox. The applicant
 * has no session with us; the link token is the credential (256 bits, 1 hour).
 */

export interface KycPageOutcome {
  kycStatus: KycStatus;
  currency: CardCurrency | null;
  country: string | null;
}

export const decideKycOnPage = definePublicAction(
  {
    input: kycPageDecisionSchema,
    name: "decideKycOnPage",
  },
  async ({ input }): Promise<KycPageOutcome> => {
    requireSandbox();
    const { state } = await decideByLink(await getDb(), input);
    return { kycStatus: state.kycStatus, currency: state.currency, country: state.country };
  },
);
