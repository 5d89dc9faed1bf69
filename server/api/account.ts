import { auditFiltersSchema, auditPageQuerySchema, auditPageSchema } from "@/lib/contracts/audit";
import {
  changePasswordSchema,
  passwordChangedSchema,
  revokedSessionSchema,
  sessionIdSchema,
  sessionListSchema,
  sessionsEndedSchema,
} from "@/lib/contracts/team";
import { csvResponse } from "@/server/http/csv-stream";
import { ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { auditCsv, listAuditEntries } from "@/server/team/audit-log";
import { changePassword } from "@/server/team/password";
import { listMySessions, revokeMySession, signOutEverywhere } from "@/server/team/sessions";

/**
 * The caller's own account (any role, user token) and the audit log (admins).
 * docs/team.md, docs/audit-log.md.
 */

export const accountRoutes = [
  defineRoute({
    method: "get",
    path: "/api/v1/me/sessions",
    summary: "My dashboard sessions",
    description: "The open dashboard sessions of the token's user, newest first.",
    tags: ["Account"],
    operationId: "listMySessions",
    auth: "listMySessions",
    response: { data: sessionListSchema },
    handler: async ({ c, ctx }) => ok(c, await listMySessions({ ctx })),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/me/sessions/{sessionId}/revoke",
    summary: "Sign one session out",
    tags: ["Account"],
    operationId: "revokeMySession",
    auth: "revokeMySession",
    request: { params: sessionIdSchema },
    response: { data: revokedSessionSchema },
    errors: ["NOT_FOUND"],
    handler: async ({ c, ctx, input }) => ok(c, await revokeMySession({ ctx, input: input.params })),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/me/sign-out-everywhere",
    summary: "Sign out everywhere",
    description: "Ends every dashboard session and every user token of the user, this token included.",
    tags: ["Account"],
    operationId: "signOutEverywhere",
    auth: "signOutEverywhere",
    response: { data: sessionsEndedSchema },
    handler: async ({ c, ctx }) => ok(c, await signOutEverywhere({ ctx })),
  }),
  defineRoute({
    method: "post",
    path: "/api/v1/me/password",
    summary: "Change my password",
    description:
      "Needs the current password. Every dashboard session and user token of the user ends. " +
      "The current password counts against the sign-in limits (10 per account, 50 per IP, " +
      "per 15 minutes): past them, 429 RATE_LIMITED with Retry-After. A wrong one is audited.",
    tags: ["Account"],
    operationId: "changeMyPassword",
    auth: "changePassword",
    request: { body: changePasswordSchema },
    response: { data: passwordChangedSchema },
    errors: ["VALIDATION_ERROR", "RATE_LIMITED"],
    handler: async ({ c, ctx, input }) =>
      ok(c, await changePassword({ ctx, input: input.body }), { message: "Password changed" }),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/audit-log",
    summary: "The audit log",
    description:
      "Every change made by staff or the API: actor, credential, IP, request id, target, " +
      "before/after. Newest first, paged with before = next_before. Admins only; append-only.",
    tags: ["Audit log"],
    operationId: "listAuditLog",
    auth: "listAuditEntries",
    request: { query: auditPageQuerySchema },
    response: { data: auditPageSchema },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ c, ctx, input }) => ok(c, await listAuditEntries({ ctx, input: input.query })),
  }),
  defineRoute({
    method: "get",
    path: "/api/v1/audit-log/export.csv",
    summary: "Export the audit log (CSV)",
    description:
      "The entries the same filters select (at most 50,000, newest first), as CSV; " +
      "before, after and detail are JSON.",
    tags: ["Audit log"],
    operationId: "exportAuditLogCsv",
    auth: "auditCsv",
    request: { query: auditFiltersSchema },
    response: { contentType: "text/csv" },
    errors: ["VALIDATION_ERROR"],
    handler: async ({ ctx, input, requestId }) =>
      csvResponse(
        auditCsv({ ctx, input: input.query }),
        `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
        requestId,
      ),
  }),
];
