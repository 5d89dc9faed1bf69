import { and, eq } from "drizzle-orm";
import { SAMPLE_RECEIVER_URL } from "@/lib/contracts/authorization-endpoint";
import { env } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { newCardTransactionKey } from "@/lib/transaction-ids";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { authorizationEndpoints } from "@/server/db/schema/authorization-endpoints";
import { openWebhookSecret } from "@/server/webhooks/secret";
import { readAnswer } from "./answer";
import { callEndpoint, ENDPOINT_EVENT_TYPE } from "./call";
import { insertRequestLog, recordLateAnswer, requestView } from "./log";
import { callSampleReceiver } from "./sample-receiver";

/**
 * "Send test authorization" (docs/authorization-endpoint.md, Try it): a made-up authorization of
 * 12.50 EUR, signed and sent to the endpoint as set (enabled or not), its answer read as a real
 * one would be, and logged without a transaction. Nothing is held, nobody is charged.
 */
export async function sendTestAuthorization({ ctx }: { ctx: Ctx }) {
  authorize(ctx, "sendTestAuthorization");
  const [row] = await ctx.db
    .select()
    .from(authorizationEndpoints)
    .where(and(eq(authorizationEndpoints.orgId, ctx.orgId), eq(authorizationEndpoints.mode, env().SVC_MODE)));
  if (!row)
    throw new ServiceError("NOT_FOUND", "No authorization endpoint is set for this program and mode.");
  const requestId = newId("aer");
  const { id, createdAt } = newCardTransactionKey();
  const body = JSON.stringify({
    id: requestId,
    type: ENDPOINT_EVENT_TYPE,
    created_at: createdAt.toISOString(),
    timeout_ms: row.timeoutMs,
    test: true,
    data: {
      transaction_id: id,
      type: "purchase",
      amount: 12.5,
      amount_minor: 1_250,
      currency: "EUR",
      billing_amount: 12.5,
      billing_amount_minor: 1_250,
      billing_currency: "EUR",
      merchant: { name: "Test Merchant", category: "5814", city: "Berlin", country: "DE" },
      card: { card_id: "ctk_test", type: "virtual", last_four: "4242" },
      svc_card_id: "sc_test",
      customer: { available_balance: 100, available_balance_minor: 10_000, currency: "EUR" },
      spending_controls: { result: "passed" },
      shadow_rules: [],
    },
  });
  const call = {
    url: row.url,
    secret: openWebhookSecret(row.secretSealed),
    previousSecret: null,
    requestId,
    body,
    timeoutMs: row.timeoutMs,
  };
  const result = row.url === SAMPLE_RECEIVER_URL ? await callSampleReceiver(call) : await callEndpoint(call);
  if (result.late) recordLateAnswer(ctx.db, requestId, result.late);
  const reading = readAnswer(result, 1_250);
  const logged = {
    id: requestId,
    orgId: ctx.orgId,
    transactionId: null,
    url: row.url,
    requestHeaders: result.headers,
    requestBody: body,
    responseStatus: result.answer?.status ?? null,
    responseBody: result.answer?.body ?? null,
    error: "error" in reading ? reading.error : null,
    latencyMs: result.latencyMs,
    outcome: reading.outcome,
    decisionSource: null,
    lateResponseStatus: null,
    lateResponseBody: null,
    lateLatencyMs: null,
    createdAt,
  };
  await insertRequestLog(ctx.db, logged);
  return requestView(logged);
}
