"use server";

import { z } from "zod";
import type { CardCurrency, KycStatus } from "@/server/db/schema/cards";
import { getDb } from "@/server/db/client";
import { KYC_DECISIONS } from "@/server/providers/sandbox/kyc";
import { decideByLink } from "@/server/providers/sandbox/kyc-link";
import { requireSandbox } from "@/server/providers/sandbox/mode";
import { definePublicAction } from "./define-action";

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
    input: z.object({
      token: z.string().min(1).max(200),
      decision: z.enum(KYC_DECISIONS),
      country: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, "Pick a country."),
    }),
    name: "decideKycOnPage",
  },
  async ({ input }): Promise<KycPageOutcome> => {
    requireSandbox();
    const { state } = await decideByLink(await getDb(), input);
    return { kycStatus: state.kycStatus, currency: state.currency, country: state.country };
  },
);
