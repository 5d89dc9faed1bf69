import { z } from "zod";
import { CURRENCY_VALUES, FLOW_STATUS_VALUES, KYC_STATUS_VALUES } from "@/lib/enums";
import { metadataFilterSchema, metadataOutSchema } from "./metadata";

/** What the customers list can be sorted by: each is one index read (server/cards/customers/list.ts). */
export const CUSTOMER_SORT_VALUES = ["created_at", "email"] as const;

export const customerListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(254)
    .optional()
    .describe(
      "Any part of an email or external id, a whole svc_card_id or record id, a card's last four, " +
        "card id or card token, or a transaction id.",
    ),
  kyc_status: z.enum(KYC_STATUS_VALUES).optional(),
  flow_status: z.enum(FLOW_STATUS_VALUES).optional(),
  metadata: metadataFilterSchema,
  sort: z
    .enum(CUSTOMER_SORT_VALUES)
    .default("created_at")
    .describe("The order: by creation time (the default) or by email."),
  order: z.enum(["asc", "desc"]).default("desc").describe("desc (the default: newest first) or asc."),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerListItemSchema = z.object({
  svc_card_id: z.string(),
  external_id: z.string().nullable(),
  email: z.string(),
  flow_status: z.enum(FLOW_STATUS_VALUES),
  step: z.number().int(),
  kyc_status: z.enum(KYC_STATUS_VALUES),
  currency: z.enum(CURRENCY_VALUES).nullable(),
  safe_deployed: z.boolean(),
  created_at: z.string(),
  cards_count: z.number().int().describe("Cards the customer has (any state)."),
  available_balance_minor: z
    .number()
    .int()
    .nullable()
    .describe("Available balance in minor units of currency; null before the wallet."),
  metadata: metadataOutSchema,
});
export const customerListSchema = z.object({
  customers: z.array(customerListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CustomerList = z.infer<typeof customerListSchema>;
