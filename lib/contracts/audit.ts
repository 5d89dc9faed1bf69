import { z } from "zod";

/** Audit log contracts (docs/audit-log.md): the REST route, the Audit log page and its CSV export. */

const isoDate = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .describe("An ISO date (2026-01-31, from its start) or date-time.");

export const auditFiltersSchema = z.object({
  action: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe("An action (team.role_changed) or its domain followed by a dot (team.)."),
  actor_id: z.string().trim().min(1).max(64).optional().describe("The acting user's or API key's id."),
  target_type: z.string().trim().min(1).max(64).optional().describe("api_key, webhook, card, user ..."),
  target_id: z.string().trim().min(1).max(64).optional(),
  from: isoDate.optional().describe("Entries at or after this time."),
  to: isoDate.optional().describe("Entries before this time (a date: before the end of that day)."),
});
export type AuditFilters = z.input<typeof auditFiltersSchema>;

export const auditPageQuerySchema = auditFiltersSchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The id of the last entry of the previous page: the page holds the entries older than it. */
  before: z.string().min(1).max(64).optional().describe("next_before of the previous page."),
});
export type AuditPageQuery = z.input<typeof auditPageQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  action: z.string(),
  actor_type: z.string().describe("user, apiKey, cardholder or system."),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable().describe("The acting user's email; null for other actors."),
  credential_type: z.string().nullable().describe("session, user_token, api_key, api_token, system."),
  credential_id: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_before: z.string().nullable().describe("Pass as before for the next (older) page; null at the end."),
});
