import { customerThresholdResultSchema, customerThresholdSchema } from "@/lib/contracts/balance-alerts";
import { customerTargetSchema } from "@/lib/contracts/cards";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { setCustomerLowBalanceThreshold } from "@/server/issuer/balance-alerts/customer-threshold";

/** A customer's low-balance alert (docs/statements.md, Balance alerts); the master wallet's is PUT .../threshold. */
export const balanceAlertRoutes = [
  defineRoute({
    method: "put",
    path: "/api/v1/svc-card/customers/{svcCardId}/low-balance-threshold",
    summary: "Set a customer's low-balance threshold",
    description:
      "customer.balance.low is raised once when the customer's available balance falls below it, " +
      "and again only after it was back at or above it. null turns the alert off.",
    tags: ["Customers"],
    operationId: "setCustomerLowBalanceThreshold",
    auth: "setCustomerLowBalanceThreshold",
    request: { params: customerTargetSchema, body: customerThresholdSchema },
    response: { data: customerThresholdResultSchema },
    errors: ["NOT_FOUND", "VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await setCustomerLowBalanceThreshold({ ctx, input: { ...input.params, ...input.body } }), {
        message: "Threshold set",
      }),
  }),
];
