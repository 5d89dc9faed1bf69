import { and, eq } from "drizzle-orm";
import type { MyAccount } from "@/lib/contracts/card-account";
import { ServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { cardCustomers } from "@/server/db/schema/cards";
import { cardsOf } from "./customers/find";
import { cardView, customerPinSet } from "./customers/view";
import { nextActionOf } from "./flow";

/**
 * GET /v1/svc-card/my-account: the signed-in cardholder's own account (the interface names the
 * endpoint and cards[n].pin_set only). Where they are in onboarding, what to do next, and their
 * cards; not the issuer's fields (external_id) nor balances (the issuer view has those).
 */
export async function getMyAccount({ ctx }: { ctx: Ctx }): Promise<MyAccount> {
  if (ctx.actor.type !== "cardholder")
    throw new ServiceError(
      "INSUFFICIENT_PERMISSION",
      "my-account needs a cardholder's token; an issuer reads a customer " +
        "with GET /v1/card-issuer/customers/{customerId}.",
    );
  const [customer] = await ctx.db
    .select()
    .from(cardCustomers)
    .where(and(eq(cardCustomers.id, ctx.actor.customerId), eq(cardCustomers.orgId, ctx.orgId)));
  if (!customer) throw new ServiceError("NOT_FOUND", "This card account no longer exists.");
  const cardRows = await cardsOf(ctx.db, ctx.orgId, customer.id);
  const pinSet = customerPinSet(cardRows);
  return {
    svc_card_id: customer.svcCardId,
    email: customer.email,
    step: customer.step,
    flow_status: customer.flowStatus,
    next_action: nextActionOf(customer, pinSet),
    kyc_status: customer.kycStatus,
    currency: customer.currency,
    safe_deployed: customer.safeState === "deployed",
    pin_set: pinSet,
    cards: cardRows.map(cardView),
  };
}
