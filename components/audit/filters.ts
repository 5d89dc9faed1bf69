import { type AuditFilters, auditFiltersSchema } from "@/lib/contracts/audit";

export const AUDIT_FILTER_KEYS = ["action", "actor_id", "target_type", "target_id", "from", "to"] as const;

/** The filters in the address bar; a value that does not validate is dropped, not an error page. */
export function parseAuditFilters(params: Record<string, string | string[] | undefined>): AuditFilters {
  const out: Record<string, string> = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = params[key];
    if (typeof value !== "string" || !value.trim()) continue;
    const parsed = auditFiltersSchema.shape[key].safeParse(value.trim());
    if (parsed.success && parsed.data) out[key] = parsed.data;
  }
  return out as AuditFilters;
}

export function auditQuery(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...extra })) if (v) query.set(k, String(v));
  const text = query.toString();
  return text ? `?${text}` : "";
}
