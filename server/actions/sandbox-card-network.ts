"use server";

import {
  authorizeCardTransactionSchema,
  transactionAmountSchema,
  transactionParamsSchema,
} from "@/lib/contracts/card-transactions";
import { sandboxDepositSchema, settlementParamsSchema } from "@/lib/contracts/money";
import { defineAction } from "@/server/action-kit/define-action";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { expireCardTransaction, failCardTransaction } from "@/server/issuer/card-network/expire-fail";
import { refundCardTransaction } from "@/server/issuer/card-network/refund";
import { reverseCardTransaction } from "@/server/issuer/card-network/reverse";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { receiveDeposit, settleDepositNow } from "@/server/issuer/master-wallet/deposits";
import { requireSandbox } from "@/server/providers/sandbox/mode";

/*
 * Sandbox -> Card network and Master wallet deposit: what a merchant, the card network and the
 * chain would do, from the dashboard (docs/money.md; the same functions as POST
 * /api/v1/sandbox/...). Like those routes: sandbox mode only (NOT_FOUND in live mode) and the
 * write scope, so operators and admins. Simulated events move no real money: no 2FA.
 */

const transaction = transactionParamsSchema;
const withAmount = transaction.extend(transactionAmountSchema.shape);

export const simulatePurchaseAction = defineAction(
  { input: authorizeCardTransactionSchema, can: "authorizeCardTransaction", name: "sandboxAuthorize" },
  async ({ ctx, input }) => {
    requireSandbox();
    return authorizeCardTransaction({ ctx, input });
  },
);

export const settleTransactionAction = defineAction(
  { input: withAmount, can: "settleCardTransaction", name: "sandboxSettle" },
  async ({ ctx, input }) => {
    requireSandbox();
    return settleCardTransaction({ ctx, input });
  },
);

export const reverseTransactionAction = defineAction(
  { input: withAmount, can: "reverseCardTransaction", name: "sandboxReverse" },
  async ({ ctx, input }) => {
    requireSandbox();
    return reverseCardTransaction({ ctx, input });
  },
);

export const refundTransactionAction = defineAction(
  { input: withAmount, can: "refundCardTransaction", name: "sandboxRefund" },
  async ({ ctx, input }) => {
    requireSandbox();
    return refundCardTransaction({ ctx, input });
  },
);

export const expireTransactionAction = defineAction(
  { input: transaction, can: "expireCardTransaction", name: "sandboxExpire" },
  async ({ ctx, input }) => {
    requireSandbox();
    return expireCardTransaction({ ctx, input });
  },
);

export const failTransactionAction = defineAction(
  { input: transaction, can: "failCardTransaction", name: "sandboxFail" },
  async ({ ctx, input }) => {
    requireSandbox();
    return failCardTransaction({ ctx, input });
  },
);

export const sandboxDepositAction = defineAction(
  { input: sandboxDepositSchema, can: "receiveDeposit", name: "sandboxDeposit" },
  async ({ ctx, input }) => {
    requireSandbox();
    return receiveDeposit({ ctx, input });
  },
);

export const settleDepositAction = defineAction(
  { input: settlementParamsSchema, can: "settleDepositNow", name: "sandboxSettleDeposit" },
  async ({ ctx, input }) => {
    requireSandbox();
    return settleDepositNow({ ctx, input });
  },
);
