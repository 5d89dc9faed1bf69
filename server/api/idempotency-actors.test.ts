import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { randomBase62 } from "@/lib/ids";
import { createCardholderSession } from "@/server/cards/cardholder/session";
import { rowsOf } from "@/server/db/client";
import { idempotencyKeys } from "@/server/db/schema/platform";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { setWebhookResolver } from "@/server/webhooks/url-safety";
import { createApiApp } from "./app";

/**
 * Issue 23, defects 4 and 5: an Idempotency-Key belongs to the caller that stored it (a replay
 * never crosses actors and never skips the route's own checks), and an answer that carries a
 * secret is kept sealed, not as sent.
 */

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();

beforeAll(() => {
  setWebhookResolver(async () => [{ address: "93.184.216.34", family: 4 }]);
  resetEnvForTests();
});
afterAll(() => {
  setWebhookResolver();
  clock.restore();
});

type Headers = Record<string, string>;
type Body = { error_code?: string; data?: Record<string, unknown>; [k: string]: unknown };

function post(body: unknown, headers: Headers): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}

async function call(path: string, init: RequestInit) {
  const res = await app.request(path, init);
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: JSON.parse(text) as Body,
    replayed: res.headers.get("idempotent-replayed"),
  };
}

const key = () => ({ "idempotency-key": `k-${randomBase62(16)}` });

async function program() {
  const org = await createTestOrg(database.db);
  const admin = bearer(await org.token(org.admin.userId));
  const code = () => clock.nextCode(org.admin.totpSecret);
  const made = await call(
    "/api/apikey/create",
    post(
      { name: "server", permissions: ["read", "write", "transactions"] },
      { ...admin, "x-2fa-token": code() },
    ),
  );
  const apiKey = { "x-api-key": String(made.body.api_key), "x-api-secret": String(made.body.api_secret) };
  return { org, admin, code, apiKey, apiKeyId: String(made.body.id) };
}

/** The stored row of a key, whoever holds it. */
async function storedRows(orgId: string, k: string) {
  return database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.orgId, orgId), eq(idempotencyKeys.key, k)));
}

const viewTokenPath = (svcCardId: string, cardId: string) =>
  `/api/v1/svc-card/${svcCardId}/cards/${cardId}/view-token`;

describe("Idempotency-Key replays stay with the caller that stored them", () => {
  it("a cardholder of another account repeating a program server's view-token call with its key gets a 404, not the card's URL", async () => {
    const p = await program();
    const owner = await createReadyCustomer(database.db, p.org.orgId);
    const card = await createTestCard(database.db, owner, { pinSet: true });
    const stranger = await createReadyCustomer(database.db, p.org.orgId);
    const strangerToken = bearer(
      (await createCardholderSession(database.db, { orgId: p.org.orgId, customerId: stranger.id })).token,
    );
    const k = key();
    const path = viewTokenPath(owner.svcCardId, card.id);
    const body = { enabled_views: ["data", "pin"] };

    const first = await call(path, post(body, { ...p.apiKey, ...k }));
    expect(first.status).toBe(200);
    const url = String(first.body.data!.secure_view_url);
    expect(url).toContain("/secure/");

    const theirs = await call(path, post(body, { ...strangerToken, ...k }));
    expect(theirs.status).toBe(404);
    expect(theirs.body.error_code).toBe("NOT_FOUND");
    expect(theirs.replayed).toBeNull();
    expect(theirs.text).not.toContain(url);

    // The program server itself still gets its own answer back.
    const again = await call(path, post(body, { ...p.apiKey, ...k }));
    expect(again.replayed).toBe("true");
    expect(again.text).toBe(first.text);
  });

  it("the card's own cardholder with the same key runs the route for itself (a fresh URL, no replay)", async () => {
    const p = await program();
    const owner = await createReadyCustomer(database.db, p.org.orgId);
    const card = await createTestCard(database.db, owner, { pinSet: true });
    const holder = bearer(
      (await createCardholderSession(database.db, { orgId: p.org.orgId, customerId: owner.id })).token,
    );
    const k = key();
    const path = viewTokenPath(owner.svcCardId, card.id);
    const body = { enabled_views: ["pin"] };
    const first = await call(path, post(body, { ...p.apiKey, ...k }));
    const mine = await call(path, post(body, { ...holder, ...k }));
    expect(mine.status).toBe(200);
    expect(mine.replayed).toBeNull();
    expect(mine.body.data!.secure_view_url).not.toBe(first.body.data!.secure_view_url);
    expect((await storedRows(p.org.orgId, k["idempotency-key"])).map((r) => r.actor).sort()).toEqual(
      [`cardholder:${owner.id}`, expect.stringMatching(/^apiKey:/)].sort(),
    );
  });

  it("two members of one organization: the same key on POST /api/apikey/create gives each its own key", async () => {
    const p = await program();
    const other = await p.org.user("admin", { withTwoFactor: true });
    const otherAuth = bearer(await p.org.token(other.userId));
    const k = key();
    const body = { name: "ci", permissions: ["read"] };
    const mine = await call("/api/apikey/create", post(body, { ...p.admin, "x-2fa-token": p.code(), ...k }));
    expect(mine.status).toBe(201);
    const theirs = await call(
      "/api/apikey/create",
      post(body, { ...otherAuth, "x-2fa-token": clock.nextCode(other.totpSecret!), ...k }),
    );
    expect(theirs.status).toBe(201);
    expect(theirs.replayed).toBeNull();
    expect(theirs.body.api_secret).not.toBe(mine.body.api_secret);
  });

  it("a key whose permission was taken away is refused before any replay", async () => {
    const p = await program();
    const k = key();
    const owner = await createReadyCustomer(database.db, p.org.orgId);
    const path = `/api/v1/svc-card/${owner.svcCardId}/cards/virtual`;
    const made = await call(path, post({}, { ...p.apiKey, ...k }));
    expect(made.status).toBe(201);
    const cut = await call(`/api/apikey/${p.apiKeyId}/permissions`, {
      ...post({ permissions: ["read"] }, { ...p.admin, "x-2fa-token": p.code() }),
      method: "PUT",
    });
    expect(cut.status).toBe(200);
    const replay = await call(path, post({}, { ...p.apiKey, ...k }));
    expect(replay.status).toBe(403);
    expect(replay.body.error_code).toBe("INSUFFICIENT_PERMISSION");
  });
});

describe("a step-up route's Idempotency-Key", () => {
  it("a replay asks for the second factor again before it gives the stored API secret", async () => {
    const p = await program();
    const k = key();
    const body = { name: "guarded", permissions: ["read"] };
    const made = await call("/api/apikey/create", post(body, { ...p.admin, "x-2fa-token": p.code(), ...k }));
    expect(made.status).toBe(201);
    const bare = await call("/api/apikey/create", post(body, { ...p.admin, ...k }));
    expect(bare.status).toBe(403);
    expect(bare.body.error_code).toBe("TWO_FACTOR_REQUIRED");
    expect(bare.text).not.toContain(String(made.body.api_secret));
    const wrong = await call("/api/apikey/create", post(body, { ...p.admin, "x-2fa-token": "000000", ...k }));
    expect(wrong.body.error_code).toBe("INVALID_2FA_TOKEN");
    const confirmed = await call(
      "/api/apikey/create",
      post(body, { ...p.admin, "x-2fa-token": p.code(), ...k }),
    );
    expect(confirmed.replayed).toBe("true");
    expect(confirmed.body.api_secret).toBe(made.body.api_secret);
  });

  it("a refused second factor is not kept: the same key with a right code runs the operation", async () => {
    const p = await program();
    const k = key();
    const body = { name: "retried", permissions: ["read"] };
    const refused = await call(
      "/api/apikey/create",
      post(body, { ...p.admin, "x-2fa-token": "000000", ...k }),
    );
    expect(refused.status).toBe(403);
    const ran = await call("/api/apikey/create", post(body, { ...p.admin, "x-2fa-token": p.code(), ...k }));
    expect(ran.status).toBe(201);
    expect(ran.replayed).toBeNull();
    expect(ran.body.api_secret).toEqual(expect.any(String));
  });
});

describe("answers that carry a secret are kept sealed under their Idempotency-Key", () => {
  async function expectSealed(orgId: string, k: string, secret: string) {
    const rows = await storedRows(orgId, k);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.responseSealed).toBe(true);
    expect(rows[0]!.responseBody).not.toContain(secret);
    expect(rows[0]!.responseBody).toMatch(/^v1\./);
  }

  it("POST /api/apikey/create and rotate: api_secret is not stored as sent, and the replay still gives it", async () => {
    const p = await program();
    const k = key();
    const body = { name: "sealed", permissions: ["read"] };
    const made = await call("/api/apikey/create", post(body, { ...p.admin, "x-2fa-token": p.code(), ...k }));
    const secret = String(made.body.api_secret);
    await expectSealed(p.org.orgId, k["idempotency-key"], secret);
    const again = await call("/api/apikey/create", post(body, { ...p.admin, "x-2fa-token": p.code(), ...k }));
    expect(again.replayed).toBe("true");
    expect(again.body.api_secret).toBe(secret);

    const k2 = key();
    const rotated = await call(
      `/api/apikey/${String(made.body.id)}/rotate`,
      post({}, { ...p.admin, "x-2fa-token": p.code(), ...k2 }),
    );
    expect(rotated.status).toBe(200);
    await expectSealed(p.org.orgId, k2["idempotency-key"], String(rotated.body.api_secret));
  });

  it("webhook create and rotate-secret: the signing secret is not stored as sent", async () => {
    const p = await program();
    const k = key();
    const made = await call(
      "/api/v1/webhook/create-webhook",
      post({ url: "https://hooks.example.com/in", events: ["*"] }, { ...p.admin, ...k }),
    );
    expect(made.status).toBe(201);
    const data = made.body.data as { webhook_id: string; secret: string };
    await expectSealed(p.org.orgId, k["idempotency-key"], data.secret);
    const k2 = key();
    const rotated = await call(
      `/api/v1/svc-card/webhooks/${data.webhook_id}/rotate-secret`,
      post({}, { ...p.admin, "x-2fa-token": p.code(), ...k2 }),
    );
    expect(rotated.status).toBe(200);
    await expectSealed(p.org.orgId, k2["idempotency-key"], String(rotated.body.data!.secret));
  });

  it("view-token: neither the secure view URL nor the 422's PIN setup URL is stored as sent", async () => {
    const p = await program();
    const owner = await createReadyCustomer(database.db, p.org.orgId);
    const withPin = await createTestCard(database.db, owner, { pinSet: true });
    const noPin = await createTestCard(database.db, owner);
    const k = key();
    const ok = await call(
      viewTokenPath(owner.svcCardId, withPin.id),
      post({ enabled_views: ["pin"] }, { ...p.apiKey, ...k }),
    );
    expect(ok.status).toBe(200);
    const url = String(ok.body.data!.secure_view_url);
    await expectSealed(p.org.orgId, k["idempotency-key"], new URL(url).pathname);
    const k2 = key();
    const refused = await call(
      viewTokenPath(owner.svcCardId, noPin.id),
      post({ enabled_views: ["pin"] }, { ...p.apiKey, ...k2 }),
    );
    expect(refused.body.error_code).toBe("PIN_NOT_SET");
    const setup = String((refused.body.data as { pin_setup_url: string }).pin_setup_url);
    await expectSealed(p.org.orgId, k2["idempotency-key"], new URL(setup).pathname);
    const replay = await call(
      viewTokenPath(owner.svcCardId, noPin.id),
      post({ enabled_views: ["pin"] }, { ...p.apiKey, ...k2 }),
    );
    expect(replay.replayed).toBe("true");
    expect(replay.text).toBe(refused.text);
  });

  it("POST /wallet/deposits/new: the checkout URL's token is not stored as sent, in the key's row or the deposit's", async () => {
    const p = await program();
    expect((await call("/api/v1/wallet/create", post({ currency: "EUR" }, p.apiKey))).status).toBe(201);
    const quote = await call(
      "/api/v1/exchange-rate",
      post(
        { from_currency: "USD", to_currency: "EUR", amount: 100, method_id: 202, method_type: "payin" },
        { ...p.apiKey, ...key() },
      ),
    );
    const k = key();
    const body = {
      gateway: 202,
      quote_id: quote.body.data!.quote_id,
      currency: "EUR",
      redirect_url: "https://a.example/r",
    };
    const dep = await call("/api/v1/wallet/deposits/new", post(body, { ...p.apiKey, ...k }));
    expect(dep.status).toBe(201);
    const token = String(dep.body.data!.checkout_url).split("/").at(-1)!;
    await expectSealed(p.org.orgId, k["idempotency-key"], token);
    const [row] = rowsOf<Record<string, unknown>>(
      await database.db.execute(
        sql`select * from fiat_deposits where id = ${String(dep.body.data!.deposit_id)}`,
      ),
    );
    expect(JSON.stringify(row)).not.toContain(token);
    // The payer's link still opens the checkout, and the deposit still shows it while pending.
    expect((await app.request(`/api/v1/sandbox/checkout/${token}`)).status).toBe(200);
    const view = await call(`/api/v1/wallet/deposits/${String(dep.body.data!.deposit_id)}`, {
      headers: p.apiKey,
    });
    expect(view.body.data!.checkout_url).toBe(dep.body.data!.checkout_url);
  });

  it("every idempotent operation whose answer has a secret field declares x-idempotency-sealed", async () => {
    const doc = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const SECRET_FIELDS = /"(api_secret|secret|access_token|secure_view_url|pin_setup_url|checkout_url)"/;
    const missing: string[] = [];
    const sealed: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        if (!op["x-idempotency"]) continue;
        if (op["x-idempotency-sealed"]) sealed.push(`${method} ${path}`);
        else if (SECRET_FIELDS.test(JSON.stringify(op.responses))) missing.push(`${method} ${path}`);
      }
    expect(missing).toEqual([]);
    expect(sealed.sort()).toEqual(
      [
        "post /api/apikey/create",
        "post /api/apikey/{id}/rotate",
        "post /api/v1/webhook/create-webhook",
        "post /api/v1/svc-card/webhooks/{webhookId}/rotate-secret",
        "post /api/v1/svc-card/webhooks/{webhookId}/end-secret-grace",
        "post /api/v1/card-issuer/authorization-endpoint/rotate-secret",
        "post /api/v1/svc-card/{svcCardId}/cards/{cardId}/view-token",
        "post /api/v1/wallet/deposits/new",
      ].sort(),
    );
  });
});
