import type { z } from "zod";
import type { disputeReasonSchema } from "@/lib/contracts/cards";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { findCustomer } from "../customers/find";

export type DisputeReason = z.infer<typeof disputeReasonSchema>;

/** The interface's five known dispute reason codes, in words a cardholder understands. */
export const DISPUTE_REASONS: readonly DisputeReason[] = [
  { reason_code: "unauthorized", description: "I did not make or allow this transaction." },
  { reason_code: "not_received", description: "I paid but did not receive the goods or service." },
  { reason_code: "duplicate", description: "I was charged more than once for the same purchase." },
  { reason_code: "incorrect_amount", description: "I was charged a different amount than I agreed to." },
  {
    reason_code: "credit_not_processed",
    description: "I returned or cancelled the purchase but the refund has not arrived.",
  },
];

/**
 * GET /v1/svc-card/{svcCardId}/transactions/dispute-reasons. The list is the same for every
 * customer; the customer is still looked up so an unknown or foreign id is 404 and a cardholder
 * reads only under their own id.
 */
export async function listDisputeReasons({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}): Promise<readonly DisputeReason[]> {
  authorize(ctx, "listDisputeReasons");
  await findCustomer(ctx, input.svcCardId);
  return DISPUTE_REASONS;
}
