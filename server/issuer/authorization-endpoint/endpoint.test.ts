import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PutAuthorizationEndpointInput } from "@/lib/contracts/authorization-endpoint";
import type { AuthorizeCardTransactionInput } from "@/lib/contracts/card-transactions";
import { setEnvForTests } from "@/lib/env";
import { verifyWebhookSignature } from "@/lib/webhooks/verify";
import type { CardRow } from "@/server/cards/customers/find";
import { getMyActivity } from "@/server/cards/my-activity";
import type { Ctx } from "@/server/context";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { auditLog } from "@/server/db/schema/platform";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { createTestCard } from "@/server/testing/card-customers";
import { balanceOf, eventsOf, keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { answer, startTestReceiver, type TestReceiver } from "@/server/testing/webhook-receiver";
import { listAuthorizationEndpointRequests } from "./log";
import { putAuthorizationEndpoint } from "./settings";
import { authorizationEndpointLatency } from "./stats";

/**
 * The authorization endpoint in the pipeline (docs/authorization-endpoint.md): each answer and each
 * failure, the stand-in rules, the signature a receiver checks, and no lock held across the call.
 * A local receiver on 127.0.0.1 (the sandbox's WEBHOOK_ALLOW_LOCALHOST, as the webhook tests).
 */

const database = withTestDatabase();
let receiver: TestReceiver;

beforeAll(async () => {
  setEnvForTests({ SVC_MODE: "sandbox", WEBHOOK_ALLOW_LOCALHOST: "1" });
  receiver = await startTestReceiver();
});
afterAll(async () => {
  await receiver.close();
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined });
});

const buy = (card: CardRow, minor: number, extra: Partial<AuthorizeCardTransactionInput> = {}) => ({
  card_id: card.cardToken,
  amount: minor,
  currency: "EUR" as const,
  merchant: "Corner Shop",
  merchant_category: "5411",
  merchant_city: "Berlin",
  merchant_country: "DE",
  type: "purchase" as const,
  ...extra,
});
const json = (status: number, body: unknown) => answer(status, JSON.stringify(body));

async function program(settings: Partial<PutAuthorizationEndpointInput> = {}) {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(database.db, org.orgId);
  const endpointCtx: Ctx = {
    db: database.db,
    orgId: org.orgId,
    actor: { type: "apiKey", keyId: "key_dev", scopes: ["read", "write", "webhooks"] },
  };
  const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 100_000 });
  const endpoint = await putAuthorizationEndpoint({
    ctx: endpointCtx,
    input: { url: receiver.url, enabled: true, timeout_ms: 300, ...settings },
  });
  return { org, ctx, endpointCtx, customer, card, secret: endpoint.secret! };
}

async function logOf(ctx: Ctx) {
  return (await listAuthorizationEndpointRequests({ ctx, input: {} })).requests;
}

describe("authorization endpoint: answers", () => {
  it("approves: the hold is taken, decision_source endpoint, latency and status recorded; the signature verifies", async () => {
    // The file's first call (cold sockets and code) on a loaded machine can pass 300 ms: a longer deadline.
    const { ctx, endpointCtx, card, customer, secret } = await program({ timeout_ms: 2_000 });
    receiver.respond(json(200, { approved: true }));
    const seen = receiver.received.length;
    const txn = await authorizeCardTransaction({ ctx, input: buy(card, 2_550) });
    expect(txn).toMatchObject({
      status: "authorized",
      amount_minor: 2_550,
      hold_amount_minor: 2_550,
      decision_source: "endpoint",
      endpoint_status: 200,
    });
    expect(txn.endpoint_latency_ms).toBeGreaterThanOrEqual(0);
    const request = receiver.received[seen]!;
    expect(request.headers["x-svc-event"]).toBe("authorization.request");
    const verified = await verifyWebhookSignature({
      secret,
      body: request.body.toString("utf8"),
      timestamp: request.headers["x-svc-timestamp"] as string,
      signature: request.headers["x-svc-signature"] as string,
    });
    expect(verified).toEqual({ ok: true });
    const wrong = await verifyWebhookSignature({
      secret: "whsec_not-it",
      body: request.body.toString("utf8"),
      timestamp: request.headers["x-svc-timestamp"] as string,
      signature: request.headers["x-svc-signature"] as string,
    });
    expect(wrong.ok).toBe(false);
    const sent = JSON.parse(request.body.toString("utf8")) as { type: string; data: Record<string, unknown> };
    expect(sent.type).toBe("authorization.request");
    expect(sent.data).toMatchObject({
      transaction_id: txn.transaction_id,
      amount_minor: 2_550,
      currency: "EUR",
      merchant: { name: "Corner Shop", category: "5411", city: "Berlin", country: "DE" },
      card: { card_id: card.cardToken, type: card.cardType },
      svc_card_id: customer.svcCardId,
      customer: { available_balance_minor: 100_000 },
      spending_controls: { result: "passed" },
      shadow_rules: [],
    });
    const [logged] = await logOf(endpointCtx);
    expect(logged).toMatchObject({
      transaction_id: txn.transaction_id,
      outcome: "approved",
      response_status: 200,
      decision_source: "endpoint",
    });
    expect((await balanceOf(database.db, customer.id))!.pendingMinor).toBe(2_550);
  });

  it("declines: endpoint_declined (05), never insufficient funds; nothing held; the event says who", async () => {
    const { ctx, card, customer } = await program();
    receiver.respond(json(200, { approved: false, reason: "risk score" }));
    const txn = await authorizeCardTransaction({ ctx, input: buy(card, 1_000) });
    expect(txn).toMatchObject({
      status: "declined",
      decline_code: "05",
      decline_reason_code: "endpoint_declined",
      decision_source: "endpoint",
      hold_amount_minor: 0,
    });
    expect((await balanceOf(database.db, customer.id))!.pendingMinor).toBe(0);
    const events = await eventsOf(database.db, customer.orgId, customer.svcCardId);
    expect(events.find((e) => e.type === "transaction.declined")!.data).toMatchObject({
      decline_reason_code: "endpoint_declined",
      decision_source: "endpoint",
      endpoint_status: 200,
    });
  });

  it("a partial approval holds the approved amount; above the requested it is malformed", async () => {
    const { ctx, card } = await program({ stand_in: { malformed: { action: "decline" } } });
    receiver.respond(json(200, { approved: true, amount_minor: 1_000 }));
    const partial = await authorizeCardTransaction({ ctx, input: buy(card, 2_550) });
    expect(partial).toMatchObject({ status: "authorized", amount_minor: 1_000, hold_amount_minor: 1_000 });
    receiver.respond(json(200, { approved: true, amount_minor: 9_999 }));
    const tooMuch = await authorizeCardTransaction({ ctx, input: buy(card, 2_550) });
    expect(tooMuch).toMatchObject({
      status: "declined",
      decline_reason_code: "endpoint_error",
      decision_source: "stand_in",
    });
  });
});

describe("authorization endpoint: failures and stand-in rules", () => {
  it("timeout: declined endpoint_timeout within timeout_ms plus a small bound; the late answer is logged, not used", async () => {
    const { ctx, endpointCtx, card, customer } = await program({ timeout_ms: 200 });
    receiver.respond((_req, res) => {
      setTimeout(() => {
        res.writeHead(200);
        res.end(JSON.stringify({ approved: true }));
      }, 600);
    });
    const started = performance.now();
    const txn = await authorizeCardTransaction({ ctx, input: buy(card, 500) });
    // The call gives up at the deadline: the authorization's start plus timeout_ms, less the checks
    // before the call and the time kept for the hold (at most half of timeout_ms; deadline.ts), timer
    // jitter aside. The whole authorization's bound is generous here as the tests share the machine.
    expect(txn.endpoint_latency_ms).toBeGreaterThanOrEqual(50);
    expect(txn.endpoint_latency_ms).toBeLessThan(200 + 50);
    expect(performance.now() - started).toBeLessThan(200 + 2_000);
    expect(txn).toMatchObject({
      status: "declined",
      decline_reason_code: "endpoint_timeout",
      decline_code: "91",
      decision_source: "stand_in",
      endpoint_status: null,
    });
    let logged = (await logOf(endpointCtx))[0]!;
    for (let i = 0; i < 40 && logged.late_response_status === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      logged = (await logOf(endpointCtx))[0]!;
    }
    expect(logged).toMatchObject({ outcome: "timeout", late_response_status: 200 });
    expect(logged.late_response_body).toContain("approved");
    // The cardholder's page says the program could not answer, never "not enough balance".
    const mine = await getMyActivity({
      ctx: { db: database.db, orgId: ctx.orgId, actor: { type: "cardholder", customerId: customer.id } },
    });
    expect(mine.recent[0]).toMatchObject({
      transaction_id: txn.transaction_id,
      decline_reason: "Your card program could not answer in time. Try again in a moment.",
      declined_by: null,
    });
    // The console's latency figures count it as a timeout.
    const { hours } = await authorizationEndpointLatency({ ctx: endpointCtx });
    expect(hours).toHaveLength(1);
    expect(hours[0]).toMatchObject({ calls: 1, timeouts: 1 });
    expect(hours[0]!.p99).toBeGreaterThanOrEqual(txn.endpoint_latency_ms!);
  });

  it("connection refused, 500 and malformed answers are endpoint_error; stand-in approve approves", async () => {
    const closed = await startTestReceiver();
    const closedUrl = closed.url;
    await closed.close();
    const { ctx, endpointCtx, card } = await program({ url: closedUrl });
    const refused = await authorizeCardTransaction({ ctx, input: buy(card, 500) });
    expect(refused).toMatchObject({ decline_reason_code: "endpoint_error", decision_source: "stand_in" });
    expect((await logOf(endpointCtx))[0]).toMatchObject({ outcome: "connection_error" });

    await putAuthorizationEndpoint({
      ctx: endpointCtx,
      input: {
        url: receiver.url,
        enabled: true,
        timeout_ms: 300,
        stand_in: { non_2xx: { action: "approve" } },
      },
    });
    receiver.respond(answer(500, "boom"));
    const approved = await authorizeCardTransaction({ ctx, input: buy(card, 700) });
    expect(approved).toMatchObject({
      status: "authorized",
      decision_source: "stand_in",
      endpoint_status: 500,
    });
    receiver.respond(answer(200, "<html>not json</html>"));
    const garbage = await authorizeCardTransaction({ ctx, input: buy(card, 700) });
    expect(garbage).toMatchObject({ status: "declined", decline_reason_code: "endpoint_error" });
    expect((await logOf(endpointCtx))[0]).toMatchObject({
      outcome: "malformed",
      decision_source: "stand_in",
    });
  });

  it("approve_up_to: per authorization and per customer per day", async () => {
    const { ctx, card } = await program({
      stand_in: {
        non_2xx: {
          action: "approve_up_to",
          per_authorization_minor: 2_000,
          per_customer_per_day_minor: 3_000,
        },
      },
    });
    receiver.respond(answer(503, ""));
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 2_500) })).status).toBe("declined");
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 2_000) })).status).toBe("authorized");
    expect((await authorizeCardTransaction({ ctx, input: buy(card, 1_000) })).status).toBe("authorized");
    const overDay = await authorizeCardTransaction({ ctx, input: buy(card, 100) });
    expect(overDay).toMatchObject({ status: "declined", decline_reason_code: "endpoint_error" });
  });

  it("approve_up_to without caps is refused", async () => {
    const { endpointCtx } = await program();
    expect(
      await refusal(
        putAuthorizationEndpoint({
          ctx: endpointCtx,
          input: { url: receiver.url, stand_in: { timeout: { action: "approve_up_to" } } },
        }),
      ),
    ).toBe("VALIDATION_ERROR");
  });
});

describe("authorization endpoint: the pipeline", () => {
  it("controls and funds first: an authorization they decline never reaches the endpoint", async () => {
    const { ctx, card } = await program();
    receiver.respond(json(200, { approved: true }));
    const seen = receiver.received.length;
    const poor = await authorizeCardTransaction({ ctx, input: buy(card, 500_000) });
    expect(poor).toMatchObject({ decline_reason_code: "insufficient_funds", decision_source: "controls" });
    expect(receiver.received.length).toBe(seen);
  });

  it("no lock is held across the call: another card of the same customer authorizes while the endpoint thinks", async () => {
    const { ctx, card, customer } = await program({ timeout_ms: 2_500 });
    const other = await createTestCard(database.db, customer);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    receiver.respond((req, res) => {
      const body = JSON.parse(req.body.toString("utf8")) as { data: { card: { card_id: string } } };
      const reply = () => {
        res.writeHead(200);
        res.end(JSON.stringify({ approved: true }));
      };
      if (body.data.card.card_id === card.cardToken) void held.then(reply);
      else reply();
    });
    const seen = receiver.received.length;
    const slow = authorizeCardTransaction({ ctx, input: buy(card, 1_000) });
    while (receiver.received.length === seen) await new Promise((r) => setTimeout(r, 10));
    const fast = await authorizeCardTransaction({ ctx, input: buy(other, 2_000) });
    expect(fast.status).toBe("authorized");
    release();
    expect((await slow).status).toBe("authorized");
    expect((await balanceOf(database.db, customer.id))!.pendingMinor).toBe(3_000);
  });
});

describe("authorization endpoint: the request", () => {
  it("carries the card's and the customer's metadata; the latency chart counts the call in its hour", async () => {
    const { ctx, endpointCtx, card, customer } = await program({ timeout_ms: 2_000 });
    await database.db
      .update(cards)
      .set({ metadata: { cost_center: "sales" } })
      .where(eq(cards.id, card.id));
    await database.db
      .update(cardCustomers)
      .set({ metadata: { employee_id: "E-17" } })
      .where(eq(cardCustomers.id, customer.id));
    receiver.respond(json(200, { approved: true }));
    const seen = receiver.received.length;
    const txn = await authorizeCardTransaction({ ctx, input: buy(card, 1_250) });
    expect(txn.status).toBe("authorized");
    const body = JSON.parse(receiver.received[seen]!.body.toString("utf8")) as {
      data: { card: { metadata: unknown }; customer: { metadata: unknown } };
    };
    expect(body.data.card.metadata).toEqual({ cost_center: "sales" });
    expect(body.data.customer.metadata).toEqual({ employee_id: "E-17" });
    const { hours } = await authorizationEndpointLatency({ ctx: endpointCtx });
    expect(hours).toHaveLength(1);
    expect(hours[0]).toMatchObject({ calls: 1, timeouts: 0, errors: 0 });
    expect(hours[0]!.p50).toBe(hours[0]!.max);
    expect(hours[0]!.max).toBe(txn.endpoint_latency_ms);
  });
});

describe("authorization endpoint: settings", () => {
  it("SSRF: private, loopback (without the sandbox allowance) and metadata addresses are refused", async () => {
    const { endpointCtx } = await program();
    for (const url of [
      "https://10.0.0.1/auth",
      "https://169.254.169.254/",
      "https://metadata.google.internal/x",
    ])
      expect(await refusal(putAuthorizationEndpoint({ ctx: endpointCtx, input: { url } }))).toBe(
        "VALIDATION_ERROR",
      );
    setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined });
    try {
      expect(
        await refusal(putAuthorizationEndpoint({ ctx: endpointCtx, input: { url: receiver.url } })),
      ).toBe("VALIDATION_ERROR");
    } finally {
      setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: "1" });
    }
  });

  it("scope: read/write keys may not see or change it; changes are audited", async () => {
    const { org, ctx } = await program();
    expect(await refusal(putAuthorizationEndpoint({ ctx, input: { url: receiver.url } }))).toBe(
      "INSUFFICIENT_PERMISSION",
    );
    expect(await refusal(listAuthorizationEndpointRequests({ ctx, input: {} }))).toBe(
      "INSUFFICIENT_PERMISSION",
    );
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.orgId, org.orgId));
    expect(audit.map((a) => a.action)).toContain("authorization_endpoint.created");
  });
});
