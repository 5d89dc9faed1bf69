"use server";

import { gatewayCreateBodySchema } from "@/lib/contracts/gateway";
import { screenerCheckBodySchema } from "@/lib/contracts/screening";
import { swapExecuteBodySchema, swapQuoteBodySchema } from "@/lib/contracts/swaps";
import { defineAction } from "@/server/action-kit/define-action";
import { createPayment } from "@/server/gateway/payments";
import { screenFromDashboard } from "@/server/screening/check";
import { executeSwap } from "@/server/swaps/execute";
import { createSwapQuote } from "@/server/swaps/quote";

/** The Screening page: a check made from the dashboard is kept in the organization's last checks. */
export const screenAddressAction = defineAction(
  { input: screenerCheckBodySchema, can: "screenFromDashboard", name: "screenAddress" },
  async ({ ctx, input }) => screenFromDashboard({ ctx, input }),
);

/** The Swaps page: a quote (operators and admins) and its execution behind the 2FA step-up. */
export const quoteSwapAction = defineAction(
  { input: swapQuoteBodySchema, can: "createSwapQuote", name: "quoteSwap" },
  async ({ ctx, input }) => createSwapQuote({ ctx, input }),
);

export const executeSwapAction = defineAction(
  {
    input: swapExecuteBodySchema.omit({ two_factor_token: true }),
    can: "executeSwap",
    name: "executeSwap",
  },
  async ({ ctx, input }) => executeSwap({ ctx, input }),
);

/**
 * The Gateway page (sandbox): creates a test payment with the same service function and body
 * contract as POST /api/v1/sandbox/crypto-gateway/payments (outside sandbox mode it refuses).
 */
export const createGatewayPaymentAction = defineAction(
  { input: gatewayCreateBodySchema, can: "createPayment", name: "createGatewayPayment" },
  async ({ ctx, input }) => createPayment({ ctx, input }),
);
