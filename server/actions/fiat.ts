"use server";

import { exchangeRateBodySchema } from "@/lib/contracts/fiat";
import {
  createBeneficiaryBodySchema,
  createWalletBodySchema,
  depositBodySchema,
  payoutBodySchema,
} from "@/lib/contracts/fiat-payments";
import { defineAction } from "@/server/action-kit/define-action";
import { checkBeneficiary } from "@/server/fiat/beneficiaries/saved";
import { createDeposit } from "@/server/fiat/deposits/create";
import { createPayout } from "@/server/fiat/payouts/create";
import { createQuote, estimateQuote } from "@/server/fiat/quotes/create";
import { createWallet } from "@/server/fiat/wallets/manage";

/*
 * The Payments pages (docs/fiat.md). The estimate is a read (any role) that binds nothing and does
 * not count against the 30-a-minute quote limit; locking a quote, paying out, depositing and
 * opening a wallet are for operators and admins; a payout also needs the 2FA step-up.
 */

export const estimateQuoteAction = defineAction(
  { input: exchangeRateBodySchema, can: "estimateQuote", name: "estimateFiatQuote" },
  async ({ ctx, input }) => estimateQuote({ ctx, input }),
);

export const lockQuoteAction = defineAction(
  { input: exchangeRateBodySchema, can: "createQuote", name: "lockFiatQuote" },
  async ({ ctx, input }) => createQuote({ ctx, input }),
);

/** The payout's review step: the beneficiary checked as the payout will check it, nothing stored. */
export const checkBeneficiaryAction = defineAction(
  { input: createBeneficiaryBodySchema, can: "checkBeneficiary", name: "checkFiatBeneficiary" },
  async ({ ctx, input }) => checkBeneficiary({ ctx, input }),
);

export const payoutAction = defineAction(
  { input: payoutBodySchema, can: "createPayout", name: "fiatPayout" },
  async ({ ctx, input }) => createPayout({ ctx, input }),
);

export const depositAction = defineAction(
  { input: depositBodySchema, can: "createDeposit", name: "fiatDeposit" },
  async ({ ctx, input }) => createDeposit({ ctx, input }),
);

export const createWalletAction = defineAction(
  { input: createWalletBodySchema, can: "createWallet", name: "createFiatWallet" },
  async ({ ctx, input }) => createWallet({ ctx, input }),
);
