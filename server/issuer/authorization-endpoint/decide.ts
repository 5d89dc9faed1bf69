import { sql } from "drizzle-orm";
import { SAMPLE_RECEIVER_URL } from "@/lib/contracts/authorization-endpoint";
import type { AuthorizeCardTransactionInput, DeclineSituation } from "@/lib/contracts/card-transactions";
import type { DecisionSource } from "@/lib/enums";
import { newId } from "@/lib/ids";
import { newCardTransactionKey } from "@/lib/transaction-ids";
import type { Ctx } from "@/server/context";
import { type Db, rowsOf } from "@/server/db/client";
import type { StandInRule } from "@/server/db/schema/authorization-endpoints";
import type { Write } from "@/server/db/statements";
import { readAnswer, type Reading } from "./answer";
import { callEndpoint } from "./call";
import { callDeadline, noteWorkAfterCall } from "./deadline";
import { recordLateAnswer, requestLogWrites } from "./log";
import { precheck } from "./precheck";
import { callSampleReceiver } from "./sample-receiver";
import { liveEndpoint } from "./settings";
import { hourlyWrite } from "./stats";

/**
 * The program's decision (docs/authorization-endpoint.md, The pipeline), asked before the hold's
 * transaction opens: no transaction or row lock is held while the endpoint thinks, so a slow
 * endpoint slows only its own authorization. The hold's transaction then re-checks the card, the
 * controls and the balance, applies the answer (`settle`) and records it (`record`).
 */

export type EndpointSituation = Extract<DeclineSituation, `endpoint_${string}`>;

export interface AskedEndpoint {
  /** The transaction's id and time, already named in the request. */
  key: { id: string; createdAt: Date };
  /** What the hold asks for, in the authorization's currency: the requested amount or the partial approval. */
  amountMinor: number;
  source: Extract<DecisionSource, "endpoint" | "stand_in">;
  columns: { endpointLatencyMs: number; endpointStatus: number | null };
  /** In the hold's transaction, once the controls passed again: the decline the answer (or stand-in) makes, or null. */
  settle(
    tx: Db,
    facts: { svcCardId: string; billingMinor: number; at: Date },
  ): Promise<EndpointSituation | null>;
  /**
   * In the hold's transaction, sent with its other writes: the request log's row for this transaction
   * and the call counted in its hour (the console's latency chart).
   */
  recordWrites(tx: Db, row: { id: string; decisionSource: DecisionSource | null }): Write[];
  /** Once the hold's transaction committed: how long the work after the call took (./deadline.ts). */
  finished(): void;
}

/**
 * The endpoint's answer, or null when none is enabled or the quick checks already decline. The call
 * ends by the authorization's start (`startedAt`, performance.now()) plus timeout_ms, less the time
 * kept for the hold (./deadline.ts): the checks before the call count against the deadline too.
 */
export async function askAuthorizationEndpoint(
  ctx: Ctx,
  input: AuthorizeCardTransactionInput,
  startedAt: number,
): Promise<AskedEndpoint | null> {
  const endpoint = await liveEndpoint(ctx.db, ctx.orgId);
  if (!endpoint) return null;
  const key = newCardTransactionKey();
  const requestId = newId("aer");
  const ids = { transactionId: key.id, requestId, at: key.createdAt, timeoutMs: endpoint.timeoutMs };
  const checked = await precheck(ctx.db, ctx.orgId, input, ids);
  if (!checked) return null;
  const call = {
    ...endpoint,
    requestId,
    body: checked.body,
    deadline: callDeadline(startedAt, endpoint.timeoutMs),
  };
  const result =
    endpoint.url === SAMPLE_RECEIVER_URL ? await callSampleReceiver(call) : await callEndpoint(call);
  const callEnded = performance.now();
  if (result.late) recordLateAnswer(ctx.db, requestId, result.late);
  const reading = readAnswer(result, input.amount);
  const answered =
    reading.outcome === "approved" || reading.outcome === "partial" || reading.outcome === "declined";
  const standIn = answered ? null : endpoint.standIn[reading.outcome as keyof typeof endpoint.standIn];
  return {
    key,
    amountMinor: "amountMinor" in reading ? reading.amountMinor : input.amount,
    source: answered ? "endpoint" : "stand_in",
    columns: { endpointLatencyMs: result.latencyMs, endpointStatus: result.answer?.status ?? null },
    settle: (tx, facts) => settle(tx, ctx.orgId, reading, standIn, facts),
    recordWrites: (tx, row) => [
      ...requestLogWrites(tx, {
        id: requestId,
        orgId: ctx.orgId,
        transactionId: row.id,
        url: endpoint.url,
        requestHeaders: result.headers,
        requestBody: checked.body,
        responseStatus: result.answer?.status ?? null,
        responseBody: result.answer?.body ?? null,
        error: "error" in reading ? reading.error : null,
        latencyMs: result.latencyMs,
        outcome: reading.outcome,
        decisionSource: row.decisionSource,
        createdAt: key.createdAt,
      }),
      hourlyWrite({
        orgId: ctx.orgId,
        at: key.createdAt,
        latencyMs: result.latencyMs,
        outcome: reading.outcome,
      }),
    ],
    finished: () => noteWorkAfterCall(performance.now() - callEnded),
  };
}

async function settle(
  tx: Db,
  orgId: string,
  reading: Reading,
  standIn: StandInRule | null,
  facts: { svcCardId: string; billingMinor: number; at: Date },
): Promise<EndpointSituation | null> {
  if (reading.outcome === "declined") return "endpoint_declined";
  if (!standIn) return null;
  const failed: EndpointSituation = reading.outcome === "timeout" ? "endpoint_timeout" : "endpoint_error";
  if (standIn.action === "decline") return failed;
  if (standIn.action === "approve") return null;
  const perAuthorization = standIn.per_authorization_minor ?? null;
  if (perAuthorization !== null && facts.billingMinor > perAuthorization) return failed;
  const perDay = standIn.per_customer_per_day_minor ?? null;
  if (perDay === null) return null;
  // One customer's stand-in approvals one at a time, so two at once cannot both fit under the day's cap.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stand-in:${facts.svcCardId}`}))`);
  const dayStart = new Date(
    Date.UTC(facts.at.getUTCFullYear(), facts.at.getUTCMonth(), facts.at.getUTCDate()),
  );
  const result = await tx.execute(sql`select coalesce(sum(billing_amount_minor), 0) as approved
    from card_transactions where org_id = ${orgId} and svc_card_id = ${facts.svcCardId}
      and created_at >= ${dayStart.toISOString()} and decision_source = 'stand_in' and status <> 'declined'`);
  const approved = Number(rowsOf<{ approved: string | number }>(result)[0]?.approved ?? 0);
  return approved + facts.billingMinor > perDay ? failed : null;
}

/** Who decided a transaction: the endpoint or its stand-in where they did, else a rule or the controls. */
export function decisionSourceOf(
  situation: DeclineSituation | null,
  asked: AskedEndpoint | null,
): DecisionSource {
  if (situation === "rule_declined") return "rule";
  if (situation === null || situation.startsWith("endpoint_")) return asked?.source ?? "controls";
  return "controls";
}
