import { z } from "@hono/zod-openapi";
import { customerTargetSchema } from "./cards";

/** Low-balance alerts (docs/statements.md, Balance alerts). */
export const customerThresholdSchema = z.object({
  threshold_minor: z
    .number()
    .int()
    .min(0)
    .max(100_000_000_000)
    .nullable()
    .describe(
      "Minor units: customer.balance.low is raised once when the available balance falls below it; null turns it off.",
    ),
});

/** The customer page's alert editor: the customer, then the REST body. */
export const customerThresholdActionSchema = customerTargetSchema.extend(customerThresholdSchema.shape);

export const customerThresholdResultSchema = z.object({
  svc_card_id: z.string(),
  threshold_minor: z.number().int().nullable(),
  alert_fired: z.boolean().describe("The balance was already below the new threshold: the alert fired now."),
});
export type CustomerThreshold = z.infer<typeof customerThresholdResultSchema>;

export const balanceAlertSchema = z.object({
  kind: z.enum(["master_wallet", "customer"]),
  subject: z.string().describe("The master wallet's currency, or the customer's svc_card_id."),
  balance_minor: z.number().int(),
  threshold_minor: z.number().int().nullable(),
  fired_at: z.string(),
});
export type BalanceAlert = z.infer<typeof balanceAlertSchema>;
export type BalanceAlertList = { alerts: BalanceAlert[] };
