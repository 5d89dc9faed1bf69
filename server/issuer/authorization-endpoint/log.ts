import { and, desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { endpointRequestQuerySchema, type EndpointRequestView } from "@/lib/contracts/authorization-endpoint";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { authorizationEndpointRequests } from "@/server/db/schema/authorization-endpoints";
import { runWrites, type Write, write } from "@/server/db/statements";
import type { HttpAnswer } from "./call";

/**
 * The request log (docs/authorization-endpoint.md, Request log): every call as sent and as
 * answered, the newest KEEP per organization. Written in the hold's transaction; a late answer is
 * added afterwards.
 */

export const KEEP = 500;
type NewLogRow = typeof authorizationEndpointRequests.$inferInsert;
type LogRow = typeof authorizationEndpointRequests.$inferSelect;

export async function insertRequestLog(tx: Db, row: NewLogRow): Promise<void> {
  await runWrites(tx, requestLogWrites(tx, row));
}

/**
 * The log's row as writes among others (server/db/statements.ts), built with the transaction `tx`.
 * Trimmed now and then, not on every call: one in 50 inserts removes what lies past the newest KEEP.
 */
export function requestLogWrites(tx: Db, row: NewLogRow): Write[] {
  const writes = [
    write((tx.insert(authorizationEndpointRequests).values(row) as unknown as SQLWrapper).getSQL()),
  ];
  if (Math.random() < 0.02)
    writes.push(
      write(sql`delete from authorization_endpoint_requests where org_id = ${row.orgId} and created_at <
      (select created_at from authorization_endpoint_requests where org_id = ${row.orgId}
        order by created_at desc offset ${KEEP} limit 1)`),
    );
  return writes;
}

/**
 * Records an answer that came after the deadline (ignored for the decision). The row is written by
 * the hold's transaction, which may commit just after the answer: a few tries, half a second apart.
 */
export function recordLateAnswer(db: Db, id: string, late: Promise<HttpAnswer | null>): void {
  void late.then(async (answer) => {
    if (!answer) return;
    for (let attempt = 0; attempt < 10; attempt++) {
      const updated = await db
        .update(authorizationEndpointRequests)
        .set({
          lateResponseStatus: answer.status,
          lateResponseBody: answer.body,
          lateLatencyMs: answer.latencyMs,
        })
        .where(eq(authorizationEndpointRequests.id, id))
        .returning({ id: authorizationEndpointRequests.id })
        .catch(() => []);
      if (updated.length > 0) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  });
}

export function requestView(r: LogRow): EndpointRequestView {
  return {
    request_id: r.id,
    transaction_id: r.transactionId,
    url: r.url,
    request_headers: r.requestHeaders,
    request_body: r.requestBody,
    response_status: r.responseStatus,
    response_body: r.responseBody,
    error: r.error,
    latency_ms: r.latencyMs,
    outcome: r.outcome,
    decision_source: r.decisionSource,
    late_response_status: r.lateResponseStatus,
    late_response_body: r.lateResponseBody,
    late_latency_ms: r.lateLatencyMs,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listAuthorizationEndpointRequests({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { limit?: number; transactionId?: string };
}): Promise<{ requests: EndpointRequestView[] }> {
  authorize(ctx, "listAuthorizationEndpointRequests");
  const { limit } = endpointRequestQuerySchema.parse({ limit: input.limit });
  const rows = await ctx.db
    .select()
    .from(authorizationEndpointRequests)
    .where(
      and(
        eq(authorizationEndpointRequests.orgId, ctx.orgId),
        input.transactionId
          ? eq(authorizationEndpointRequests.transactionId, input.transactionId)
          : undefined,
      ),
    )
    .orderBy(desc(authorizationEndpointRequests.createdAt))
    .limit(limit);
  return { requests: rows.map(requestView) };
}
