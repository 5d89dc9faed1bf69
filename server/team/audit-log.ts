import { and, desc, eq, gte, like, lt, type SQL, sql } from "drizzle-orm";
import {
  type AuditEntry,
  type AuditFilters,
  auditFiltersSchema,
  type AuditPageQuery,
  auditPageQuerySchema,
} from "@/lib/contracts/audit";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { users } from "@/server/db/schema/identity";
import { auditLog } from "@/server/db/schema/platform";

/**
 * The organization's audit log as its admins read it (Settings -> Audit log and its CSV, the API
 * keys page, GET /api/v1/audit-log); every domain writes its entries with recordAudit
 * (server/platform/audit.ts) in the transaction of its change (docs/audit-log.md).
 */

export type { AuditEntry } from "@/lib/contracts/audit";

/** Kept for the API keys page's call shape: targetType is target_type. */
export type ListAuditEntriesInput = AuditPageQuery & { targetType?: string };

/** A date alone means the whole day: `to` is then the start of the next day. */
function boundOf(value: string, end: boolean): Date {
  const date = new Date(value);
  if (end && /^\d{4}-\d{2}-\d{2}$/.test(value)) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

function conditionsOf(ctx: Ctx, f: ReturnType<typeof auditFiltersSchema.parse>): SQL[] {
  const conditions: SQL[] = [eq(auditLog.orgId, ctx.orgId)];
  if (f.action)
    conditions.push(
      f.action.endsWith(".")
        ? like(auditLog.action, `${f.action.replace(/[\\%_]/g, "\\$&")}%`)
        : eq(auditLog.action, f.action),
    );
  if (f.actor_id) conditions.push(eq(auditLog.actorId, f.actor_id));
  if (f.target_type) conditions.push(eq(auditLog.targetType, f.target_type));
  if (f.target_id) conditions.push(eq(auditLog.targetId, f.target_id));
  if (f.from) conditions.push(gte(auditLog.createdAt, boundOf(f.from, false)));
  if (f.to) conditions.push(lt(auditLog.createdAt, boundOf(f.to, true)));
  return conditions;
}

function selectEntries(ctx: Ctx, conditions: SQL[]) {
  return (
    ctx.db
      .select({ entry: auditLog, email: users.email })
      .from(auditLog)
      // Same organization in the join too: an actor id never reveals another program's user.
      .leftJoin(
        users,
        and(eq(auditLog.actorType, "user"), eq(users.id, auditLog.actorId), eq(users.orgId, auditLog.orgId)),
      )
      .where(and(...conditions))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
  );
}

type Row = { entry: typeof auditLog.$inferSelect; email: string | null };

function entryOf({ entry, email }: Row): AuditEntry {
  return {
    id: entry.id,
    created_at: entry.createdAt.toISOString(),
    action: entry.action,
    actor_type: entry.actorType,
    actor_id: entry.actorId,
    actor_email: email,
    credential_type: entry.credentialType,
    credential_id: entry.credentialId,
    target_type: entry.targetType,
    target_id: entry.targetId,
    ip: entry.ip,
    request_id: entry.requestId,
    detail: entry.detail,
    before: entry.before,
    after: entry.after,
  };
}

/**
 * The organization's audit entries, newest first, with the acting user's email. Keyset paging
 * on (created_at, id), which the (org_id, created_at) index serves; an unknown `before` id
 * (or one of another organization) gives an empty page.
 */
export async function listAuditEntries({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ListAuditEntriesInput;
}): Promise<{ entries: AuditEntry[]; next_before: string | null }> {
  // Who holds which keys and did what: admins only (docs/audit-log.md).
  authorize(ctx, "listAuditEntries");
  const { targetType, ...rest } = input;
  const parsed = auditPageQuerySchema.safeParse({ ...rest, target_type: rest.target_type ?? targetType });
  if (!parsed.success)
    throw new ServiceError("VALIDATION_ERROR", "The audit log filters are not valid.", {
      details: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  const { limit, before, ...filters } = parsed.data;
  const conditions = conditionsOf(ctx, filters);
  if (before) {
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (select c.created_at, c.id from ${auditLog} c where
        c.id = ${before} and c.org_id = ${ctx.orgId})`,
    );
  }
  const rows = await selectEntries(ctx, conditions).limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(entryOf),
    next_before: rows.length > limit ? page[page.length - 1]!.entry.id : null,
  };
}

/** At most this many rows per export: narrow the filters (dates) for more. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;
const CSV_COLUMNS: (keyof AuditEntry)[] = [
  "created_at",
  "action",
  "actor_type",
  "actor_id",
  "actor_email",
  "credential_type",
  "credential_id",
  "ip",
  "request_id",
  "target_type",
  "target_id",
  "before",
  "after",
  "detail",
];

/** One CSV cell (RFC 4180), with a leading apostrophe on text a spreadsheet would run as a formula. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const raw = typeof value === "object" ? JSON.stringify(value) : String(value);
  const text = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The entries the filters select, as CSV chunks of 1,000 rows, newest first. */
export async function* auditCsv({ ctx, input }: { ctx: Ctx; input: AuditFilters }): AsyncGenerator<string> {
  authorize(ctx, "auditCsv");
  const parsed = auditFiltersSchema.safeParse(input);
  if (!parsed.success)
    throw new ServiceError("VALIDATION_ERROR", "The audit log filters are not valid.", {
      details: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  const conditions = conditionsOf(ctx, parsed.data);
  const CHUNK = 1000;
  for (let offset = 0; offset < AUDIT_EXPORT_MAX_ROWS; offset += CHUNK) {
    const rows = await selectEntries(ctx, conditions).limit(CHUNK).offset(offset);
    if (rows.length)
      yield rows.map((r) => `${CSV_COLUMNS.map((c) => csvCell(entryOf(r)[c])).join(",")}\r\n`).join("");
    if (rows.length < CHUNK) return;
  }
}
