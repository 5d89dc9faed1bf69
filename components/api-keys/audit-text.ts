/** An audit entry as the page hands it to the log (server/team/audit-log.ts's AuditEntry). */
export interface AuditEntryView {
  id: string;
  created_at: string;
  action: string;
  actor_type: string;
  actor_id: string | null;
  actor_email: string | null;
  target_id: string | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
}

function scopeList(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? value.map(String).join(", ") : "none";
}

/** What happened, as a sentence that follows the actor: "created key Server". */
export function describeAuditEntry(entry: AuditEntryView): string {
  const name = typeof entry.detail?.name === "string" ? entry.detail.name : (entry.target_id ?? "a key");
  switch (entry.action) {
    case "api_key.created":
      return `created key ${name}`;
    case "api_key.rotated":
      return `rotated key ${name}`;
    case "api_key.revoked":
      return `revoked key ${name}`;
    case "api_key.permissions_changed":
      return `changed scopes of ${name}: ${scopeList(entry.detail?.from)} -> ${scopeList(entry.detail?.to)}`;
    default:
      return entry.action;
  }
}

/** Who did it: the user's email, or what kind of actor it was when there is no user to name. */
export function auditActor(entry: AuditEntryView): string {
  if (entry.actor_email) return entry.actor_email;
  switch (entry.actor_type) {
    case "user":
      return "A removed user";
    case "apiKey":
      return `API key ${entry.actor_id ?? ""}`.trim();
    case "system":
      return "The system";
    default:
      return entry.actor_type;
  }
}
