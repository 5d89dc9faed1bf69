"use server";

import { transactionParamsSchema } from "@/lib/contracts/card-transactions";
import {
  decideDisputeSchema,
  disputeNoteBodySchema,
  disputeParamsSchema,
  fileDisputeSchema,
  transactionDisputeParamsSchema,
} from "@/lib/contracts/disputes";
import { isSandbox } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { defineAction } from "@/server/action-kit/define-action";
import { decideDispute } from "@/server/issuer/disputes/decide";
import { fileDispute } from "@/server/issuer/disputes/file";
import { addDisputeNote } from "@/server/issuer/disputes/notes";
import { listDisputes } from "@/server/issuer/disputes/read";

/*
 * The transaction sheet's dispute section, the Disputes page, "New dispute" (filing) and a dispute's
 * page (notes). Operators and admins file and write notes; everyone reads. Evidence files are uploaded
 * through app/(dashboard)/disputes/[disputeId]/evidence/route.ts: a server action's body is capped
 * at 1 MB, a file may be 5.
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

/** A staff note on the dispute's page. */
export const addDisputeNoteAction = defineAction(
  {
    input: disputeNoteBodySchema.extend(disputeParamsSchema.shape),
    can: "addDisputeNote",
    name: "addDisputeNote",
  },
  async ({ ctx, input }) => addDisputeNote({ ctx, input }),
);
