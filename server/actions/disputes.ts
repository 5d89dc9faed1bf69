"use server";

import { transactionParamsSchema } from "@/lib/contracts/card-transactions";
import {
  decideDisputeSchema,
  disputeParamsSchema,
  fileDisputeSchema,
  transactionDisputeParamsSchema,
} from "@/lib/contracts/disputes";
import { isSandbox } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { defineAction } from "@/server/action-kit/define-action";
import { decideDispute } from "@/server/issuer/disputes/decide";
import { fileDispute } from "@/server/issuer/disputes/file";
import { listDisputes } from "@/server/issuer/disputes/read";

/*
 * The transaction sheet's dispute section and the Disputes page. Operators and admins file; everyone reads.
 */

export const fileDisputeAction = defineAction(
  {
    input: fileDisputeSchema.extend(transactionDisputeParamsSchema.shape),
    can: "fileDispute",
    name: "fileDispute",
  },
  async ({ ctx, input }) => fileDispute({ ctx, input }),
);

export const transactionDisputesAction = defineAction(
  { input: transactionParamsSchema, can: "listDisputes", name: "transactionDisputes" },
  async ({ ctx, input }) => listDisputes({ ctx, input: { transaction_id: input.transactionId, limit: 20 } }),
);

/**
 * Sandbox only: the network's decision, from the Disputes page (live mode: not found, like the REST route).
 */
export const decideDisputeAction = defineAction(
  {
    input: decideDisputeSchema.extend(disputeParamsSchema.shape),
    can: "decideDispute",
    name: "decideDispute",
  },
  async ({ ctx, input }) => {
    if (!isSandbox())
      throw new ServiceError("NOT_FOUND", "Disputes are decided by the card network in live mode.");
    return decideDispute({ ctx, input });
  },
);
