import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { verifyWebhookSignature } from "@/lib/webhooks/verify";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { answer, startTestReceiver, type TestReceiver } from "@/server/testing/webhook-receiver";
import { createApiApp } from "./app";

/**
 * The authorization endpoint over REST (docs/authorization-endpoint.md): the step-up a person's
 * token needs, the secret shown once, rotation with a grace window (both signatures verify), the
 * built-in sample receiver, Send test authorization, and the outcome in the transactions list.
 */

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
let receiver: TestReceiver;
const BASE = "/api/v1/card-issuer/authorization-endpoint";

beforeAll(async () => {
  setEnvForTests({ SVC_MODE: "sandbox", WEBHOOK_ALLOW_LOCALHOST: "1" });
  receiver = await startTestReceiver();
});
afterAll(async () => {
  clock.restore();
  await receiver.close();
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined });
});

const send = (method: string, headers: Record<string, string>, body?: unknown): RequestInit => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
type Endpoint = { url: string; enabled: boolean; secret?: string; previous_secret_expires_at: string | null };

async function setUp() {
  const org = await createTestOrg(database.db);
  const admin = bearer(await org.token(org.admin.userId));
  const code = () => ({ ...admin, "x-2fa-token": clock.nextCode(org.admin.totpSecret) });
  return { org, admin, code };
}

describe("authorization endpoint over REST", () => {
  it("PUT needs the step-up from a person; the secret is shown once; GET never shows it", async () => {
    const { admin, code, org } = await setUp();
    const body = { url: receiver.url, enabled: true, timeout_ms: 800 };
    const refused = await app.request(BASE, send("PUT", admin, body));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error_code: string }).error_code).toBe("TWO_FACTOR_REQUIRED");
    const put = await app.request(BASE, send("PUT", code(), body));
    expect(put.status).toBe(200);
    const created = ((await put.json()) as { data: Endpoint }).data;
    expect(created).toMatchObject({ url: receiver.url, enabled: true });
    expect(created.secret).toMatch(/^whsec_/);
    const got = ((await (await app.request(BASE, { headers: admin })).json()) as { data: Endpoint }).data;
    expect(got.secret).toBeUndefined();
    const tooSlow = await app.request(BASE, send("PUT", code(), { ...body, timeout_ms: 3_000 }));
    expect(tooSlow.status).toBe(400);
    // A viewer's token is refused by role, whatever code it sends.
    const viewer = await org.user("viewer", { withTwoFactor: true });
    const viewed = await app.request(BASE, { headers: bearer(await org.token(viewer.userId)) });
    expect(viewed.status).toBe(403);
  });

  it("rotation: the new secret signs X-Svc-Signature, the old one X-Svc-Signature-Previous during the grace", async () => {
    const { org, code } = await setUp();
    const first = (await (
      await app.request(BASE, send("PUT", code(), { url: receiver.url, enabled: true }))
    ).json()) as {
      data: Endpoint;
    };
    const rotated = await app.request(`${BASE}/rotate-secret`, send("POST", code(), { grace_hours: 2 }));
    expect(rotated.status).toBe(200);
    const next = ((await rotated.json()) as { data: Endpoint }).data;
    expect(next.secret).toMatch(/^whsec_/);
    expect(next.secret).not.toBe(first.data.secret);
    expect(next.previous_secret_expires_at).not.toBeNull();

    const { card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 10_000 });
    receiver.respond(answer(200, JSON.stringify({ approved: true })));
    const seen = receiver.received.length;
    await authorizeCardTransaction({
      ctx: keyCtx(database.db, org.orgId),
      input: { card_id: card.cardToken, amount: 300, currency: "EUR", type: "purchase" },
    });
    const request = receiver.received[seen]!;
    const check = (secret: string, header: string) =>
      verifyWebhookSignature({
        secret,
        body: request.body.toString("utf8"),
        timestamp: request.headers["x-svc-timestamp"] as string,
        signature: request.headers[header] as string,
      });
    expect(await check(next.secret!, "x-svc-signature")).toEqual({ ok: true });
    expect(await check(first.data.secret!, "x-svc-signature-previous")).toEqual({ ok: true });
  });

  it("the sample receiver approves, partially approves and declines; Send test authorization shows the exchange", async () => {
    const { org, admin, code } = await setUp();
    const put = await app.request(
      BASE,
      send("PUT", code(), { url: "sandbox://sample-receiver", enabled: true }),
    );
    expect(put.status).toBe(200);
    const { card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 500_000 });
    const ctx = keyCtx(database.db, org.orgId);
    const buy = (amount: number) =>
      authorizeCardTransaction({
        ctx,
        input: { card_id: card.cardToken, amount, currency: "EUR", type: "purchase" },
      });
    expect(await buy(10_000)).toMatchObject({ status: "authorized", decision_source: "endpoint" });
    expect(await buy(70_000)).toMatchObject({ status: "authorized", amount_minor: 50_000 });
    expect(await buy(120_000)).toMatchObject({
      status: "declined",
      decline_reason_code: "endpoint_declined",
    });

    const test = await app.request(`${BASE}/test`, send("POST", admin));
    expect(test.status).toBe(200);
    const shown = ((await test.json()) as { data: Record<string, unknown> }).data;
    expect(shown).toMatchObject({ outcome: "approved", response_status: 200, transaction_id: null });
    expect(shown.request_headers).toHaveProperty("x-svc-signature");

    const log = (await (await app.request(`${BASE}/requests?limit=10`, { headers: admin })).json()) as {
      data: { requests: { outcome: string }[] };
    };
    expect(log.data.requests.map((r) => r.outcome).sort()).toEqual([
      "approved",
      "approved",
      "declined",
      "partial",
    ]);

    const list = (await (
      await app.request("/api/v1/card-issuer/card-transactions?limit=5", { headers: admin })
    ).json()) as {
      data: { transactions: Record<string, unknown>[] };
    };
    // The test clock stands still (startTotpClock fakes Date): the three share created_at, so find it.
    const declined = list.data.transactions.find((t) => t.status === "declined");
    expect(declined).toMatchObject({
      decline_reason_code: "endpoint_declined",
      decision_source: "endpoint",
      endpoint_status: 200,
    });
  });
});
