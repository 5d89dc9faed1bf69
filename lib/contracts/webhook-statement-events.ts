import { z } from "zod";
import { CURRENCY_VALUES } from "@/lib/enums";

/**
 * Statement and balance-alert events (docs/statements.md): a month's statement written, and a
 * watched balance crossing below its low-balance threshold (raised once per crossing; the alert
 * re-arms when the balance is back at or above the threshold).
 */
export const STATEMENT_EVENT_TYPES = [
  {
    type: "statement.created",
    description:
      "A monthly statement was written for a card account and currency (after the month ends in the " +
      "program's time zone); GET .../customers/{svc_card_id}/statements/{statement_id} has it.",
    example: {
      statement_id: "stm_4Hq8",
      svc_card_id: "sc_7Qm2",
      currency: "EUR",
      period: "2026-10",
      opening_balance_minor: 15000,
      closing_balance_minor: 9250,
      lines: 14,
    },
  },
  {
    type: "master_wallet.balance.low",
    description:
      "A master wallet's balance fell below its low-balance threshold (once per crossing; the admins " +
      "are e-mailed too).",
    example: {
      currency: "EUR",
      balance_minor: 48000,
      threshold_minor: 50000,
      timestamp: "2026-01-05T10:00:00.000Z",
    },
  },
  {
    type: "customer.balance.low",
    description:
      "A card account's ledger balance fell below the low-balance threshold set for it (once per crossing).",
    example: {
      svc_card_id: "sc_7Qm2",
      currency: "EUR",
      balance_minor: 900,
      threshold_minor: 1000,
      timestamp: "2026-01-05T10:00:00.000Z",
    },
  },
] as const;

const at = z.string().describe("ISO 8601 time of the change.");

/** Their payloads, as the emitters write them (server/issuer/statements, server/issuer/balance-alerts). */
export const STATEMENT_EVENT_PAYLOADS: Record<string, z.ZodType> = {
  "statement.created": z.object({
    statement_id: z.string(),
    svc_card_id: z.string(),
    currency: z.enum(CURRENCY_VALUES),
    period: z.string().describe("YYYY-MM in the program's time zone."),
    opening_balance_minor: z.number().int(),
    closing_balance_minor: z.number().int(),
    lines: z.number().int().describe("How many lines the statement has."),
  }),
  "master_wallet.balance.low": z.object({
    currency: z.enum(CURRENCY_VALUES),
    balance_minor: z.number().int(),
    threshold_minor: z.number().int(),
    timestamp: at,
  }),
  "customer.balance.low": z.object({
    svc_card_id: z.string(),
    currency: z.enum(CURRENCY_VALUES),
    balance_minor: z.number().int().describe("The available balance when it crossed."),
    threshold_minor: z.number().int(),
    timestamp: at,
  }),
};
