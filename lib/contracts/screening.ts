import { z } from "zod";

/** Address screening contracts (docs/crypto.md "Screening"): REST, the dashboard form, OpenAPI. */

export const RISK_LEVELS = ["low", "medium", "high", "severe"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const screenerCheckBodySchema = z.object({
  address: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .describe("A blockchain address: EVM, Bitcoin, Litecoin, Solana or Tron (or any listed address).")
    .meta({ example: "0x8589427373D6D84E98730D7795D8f6f8731FDA16" }),
});
export type ScreenerCheckBody = z.infer<typeof screenerCheckBodySchema>;

export const screeningChecksSchema = z.object({
  sanctions: z.boolean().describe("On the sanctions list in force (OFAC SDN digital currency addresses)."),
  fraud: z.boolean(),
  darknet: z.boolean(),
  mixer: z.boolean(),
});

export const sanctionsListInfoSchema = z.object({
  source: z.string().meta({ example: "OFAC SDN digital currency addresses" }),
  as_of: z.string().describe("The date the list is as of (YYYY-MM-DD).").meta({ example: "2024-09-27" }),
  entry_count: z.number().int(),
  loaded_at: z.string(),
});
export type SanctionsListInfo = z.infer<typeof sanctionsListInfoSchema>;

export const screeningResultSchema = z.object({
  address: z.string(),
  risk_level: z
    .enum(RISK_LEVELS)
    .describe("severe: sanctions; high: darknet or mixer; medium: fraud; else low."),
  flagged: z.boolean().describe("True when any check is true."),
  checks: screeningChecksSchema,
  checked_at: z.string(),
  sanctions_list: sanctionsListInfoSchema.describe(
    "Extra field: the sanctions list this result was checked against.",
  ),
});
export type ScreeningResult = z.infer<typeof screeningResultSchema>;

export const recentScreeningSchema = z.object({
  id: z.string(),
  address: z.string(),
  risk_level: z.enum(RISK_LEVELS),
  flagged: z.boolean(),
  checks: screeningChecksSchema,
  list_as_of: z.string().nullable(),
  checked_at: z.string(),
});
export type RecentScreening = z.infer<typeof recentScreeningSchema>;

export const recentScreeningListSchema = z.object({ checks: z.array(recentScreeningSchema) });
