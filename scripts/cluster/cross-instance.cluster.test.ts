import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { env } from "@/lib/env";
import { checkPassword } from "@/server/auth/sign-in";
import { totpCode } from "@/server/auth/totp";
import { type Database, openDatabase } from "@/server/db/client";
import { cards } from "@/server/db/schema/cards";
import { customerFundings } from "@/server/db/schema/money";
import { overCreditedPurchases } from "@/server/issuer/card-network/credits";
import { createTestCard } from "@/server/testing/card-customers";
import { balanceOf, spendingCustomer } from "@/server/testing/card-network";
import { createTestOrg, TEST_PASSWORD } from "@/server/testing/fixtures";
import { fundableCustomer } from "@/server/testing/funding";

/**
 * Correct across instances: each test talks to the app instances directly (so the second request
 * surely lands on another instance than the first) and to the balancer. Fixtures are written into
 * the shared database by this process.
 */
const { url, apps } = inject("cluster");
let database: Database;
// Not withTestDatabase(): a client of the cluster's shared Postgres, with a small pool beside the
// connections of its app instances and workers.
beforeAll(async () => {
  database = await openDatabase({ kind: "postgres", url: env().DATABASE_URL!, poolMax: 2 });
});
afterAll(async () => {
  await database.close();
});

type Headers = Record<string, string>;
const json = (body: unknown, headers: Headers = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** Three codes a user may spend at once: the previous, current and next 30 s step (each once). */
function codes(secret: string): string[] {
  const now = Date.now();
  return [now - 30_000, now, now + 30_000].map((t) => totpCode(secret, t));
}

async function adminWithKey(permissions: string[]) {
  const org = await createTestOrg(database.db);
  const admin = bearer(await org.token(org.admin.userId));
  const [first, ...rest] = codes(org.admin.totpSecret);
  const res = await fetch(
    `${apps[0]}/api/apikey/create`,
    json({ name: "cluster", permissions }, { ...admin, "x-2fa-token": first! }),
  );
  expect(res.status).toBe(201);
  const k = (await res.json()) as { id: string; api_key: string; api_secret: string };
  return {
    org,
    admin,
    codes: rest,
    keyId: k.id,
    key: { "x-api-key": k.api_key, "x-api-secret": k.api_secret },
  };
}

/** Signs in through next-auth on one instance (password step done here); the session cookie. */
async function signIn(app: string, email: string, code: string): Promise<string> {
  const { ticket } = await checkPassword(database.db, { email, password: TEST_PASSWORD }, "127.0.0.9");
  const csrf = await fetch(`${app}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(`${app}/api/auth/callback/ticket`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, ticket, code, json: "true" }),
  });
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("next-auth.session-token="));
  expect(session, `no session cookie (status ${res.status})`).toBeDefined();
  return session!;
}

/** The dashboard's server action ids, from the production build the instances serve. */
const actionIds = (() => {
  const manifest = JSON.parse(
    readFileSync(path.resolve(".next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { exportedName?: string; filename?: string }> };
  const ids = new Map<string, string>();
  for (const [id, entry] of Object.entries(manifest.node))
    if (entry.filename?.startsWith("server/actions/") && entry.exportedName) ids.set(entry.exportedName, id);
  return ids;
})();

/** Calls a server action as the dashboard's browser does; the answer's text (an RSC stream). */
async function serverAction(app: string, page: string, cookie: string, name: string, args: unknown[]) {
  const id = actionIds.get(name);
  expect(id, `no server action ${name} in the build`).toBeDefined();
  const res = await fetch(`${app}${page}`, {
    method: "POST",
    headers: {
      "next-action": id!,
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      cookie,
    },
    body: JSON.stringify(args),
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe("the cluster", () => {
  it("balances round robin over every instance, each in service", async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    for (const app of apps) expect((await fetch(`${app}/api/health/ping`)).status).toBe(200);
  });

  it("a revoked API key is refused by every instance within 1 s", async () => {
    const p = await adminWithKey(["read"]);
    // Warm every instance (a credential cache, if any, now holds the key).
    for (const app of apps) expect((await fetch(`${app}/api/v1/me`, { headers: p.key })).status).toBe(200);
    const revoked = await fetch(
      `${apps[0]}/api/apikey/${p.keyId}/revoke`,
      json({}, { ...p.admin, "x-2fa-token": p.codes[0]! }),
    );
    expect(revoked.status).toBe(200);
    // Every instance asked at once; each answers 401 from the first request or within 1 s.
    const at = Date.now();
    const refusedAfter = await Promise.all(
      apps.map(async (app) => {
        while ((await fetch(`${app}/api/v1/me`, { headers: p.key })).status === 200)
          if (Date.now() - at > 2_000) break;
        return Date.now() - at;
      }),
    );
    for (const [i, ms] of refusedAfter.entries())
      expect(ms, `${apps[i]} refused the revoked key only after ${ms} ms`).toBeLessThan(1_000);
    for (const app of apps) expect((await fetch(`${app}/api/v1/me`, { headers: p.key })).status).toBe(401);
  });

  it("a TOTP code accepted by one instance is refused as a replay by the others", async () => {
    const org = await createTestOrg(database.db);
    const admin = bearer(await org.token(org.admin.userId));
    const code = totpCode(org.admin.totpSecret);
    const create = (app: string) =>
      fetch(
        `${app}/api/apikey/create`,
        json({ name: "replay", permissions: ["read"] }, { ...admin, "x-2fa-token": code }),
      );
    expect((await create(apps[0]!)).status).toBe(201);
    for (const app of apps.slice(1)) {
      const res = await create(app);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error_code: string }).error_code).toBe("INVALID_2FA_TOKEN");
    }
  });

  it("an Idempotency-Key replays the first answer from any instance, and the money moves once", async () => {
    const p = await adminWithKey(["read", "write", "transactions"]);
    const deposit = await fetch(
      `${url}/api/v1/sandbox/master-wallet/deposit`,
      json({ currency: "GBP", amount: 50 }, p.key),
    );
    expect(deposit.ok).toBe(true);
    const customer = await fundableCustomer(database.db, p.org.orgId, "GBP");
    const headers = { ...p.key, "idempotency-key": `fund-${customer.id}` };
    const body = { customer_id: customer.svcCardId, amount: 20, currency: "GBP" };
    const first = await fetch(`${apps[0]}/api/v1/card-issuer/fund-customer`, json(body, headers));
    expect(first.ok).toBe(true);
    const firstText = await first.text();
    for (const app of [...apps.slice(1), url]) {
      const again = await fetch(`${app}/api/v1/card-issuer/fund-customer`, json(body, headers));
      expect(again.status).toBe(first.status);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.text()).toBe(firstText);
    }
    const rows = await database.db
      .select()
      .from(customerFundings)
      .where(eq(customerFundings.customerId, customer.id));
    expect(rows).toHaveLength(1);
  });

  it("refunds and disputes of one purchase, raced over every instance, credit it back once", async () => {
    const p = await adminWithKey(["read", "write"]);
    const { customer, card } = await spendingCustomer(database.db, p.org.orgId, {
      currency: "GBP",
      fundMinor: 10_000,
    });
    const post = async (app: string, path: string, body: unknown) => {
      const res = await fetch(`${app}${path}`, json(body, p.key));
      return { status: res.status, body: (await res.json()) as { data: Record<string, string> } };
    };
    const authorized = await post(apps[0]!, "/api/v1/sandbox/card-transactions", {
      card_id: card.id,
      amount: 40,
      currency: "GBP",
      merchant: "Cluster Lamps",
    });
    const txn = authorized.body.data.transaction_id!;
    expect((await post(apps[1]!, `/api/v1/sandbox/card-transactions/${txn}/settle`, {})).status).toBe(200);
    const start = (await balanceOf(database.db, customer.id)).ledgerMinor;
    const filePath = `/api/v1/svc-card/${customer.svcCardId}/transactions/${txn}/disputes`;
    const dispute = { reason_code: "not_received", description: "Never arrived" };
    const filed = await post(apps[2]!, filePath, dispute);
    expect(filed.status).toBe(201);
    // On every instance at once: the dispute decided won twice, 10 refunded twice, a new dispute filed.
    const answers = await Promise.all(
      [...apps, url].flatMap((app) => [
        post(app, `/api/v1/sandbox/disputes/${filed.body.data.dispute_id!}/decide`, { status: "won" }),
        post(app, `/api/v1/sandbox/disputes/${filed.body.data.dispute_id!}/decide`, { status: "won" }),
        post(app, `/api/v1/sandbox/card-transactions/${txn}/refund`, { amount: 10 }),
        post(app, `/api/v1/sandbox/card-transactions/${txn}/refund`, { amount: 10 }),
        post(app, filePath, dispute),
      ]),
    );
    expect(answers.every((a) => a.status < 500)).toBe(true);
    // At most one win (none when the refunds took all of it first), crediting what the refunds
    // before it left; the refunds take only what the win left: exactly the purchase comes back.
    expect(answers.filter((a) => a.body.data?.status === "won").length).toBeLessThanOrEqual(1);
    expect(await overCreditedPurchases(database.db, p.org.orgId)).toBe(0);
    expect((await balanceOf(database.db, customer.id)).ledgerMinor).toBe(start + 4000);
  });

  it("a dashboard session signed in on one instance is accepted by every other", async () => {
    const org = await createTestOrg(database.db);
    const session = await signIn(apps[0]!, org.admin.email, totpCode(org.admin.totpSecret));
    for (const app of [...apps.slice(1), url]) {
      const res = await fetch(`${app}/api/auth/session`, { headers: { cookie: session } });
      expect(((await res.json()) as { user?: { email?: string } }).user?.email).toBe(org.admin.email);
    }
  });

  it("a 2FA step-up opened on one instance lets a guarded action through on another", async () => {
    const org = await createTestOrg(database.db);
    const customer = await fundableCustomer(database.db, org.orgId, "GBP");
    const card = await createTestCard(database.db, customer);
    const [signInCode, stepUpCode] = codes(org.admin.totpSecret);
    const session = await signIn(apps[0]!, org.admin.email, signInCode!);
    const page = `/customers/${customer.svcCardId}`;
    const freeze = [{ svcCardId: customer.svcCardId, cardId: card.id }];
    // Without a step-up the guarded action asks for a code, on any instance.
    expect(await serverAction(apps[1]!, page, session, "freezeCardAction", freeze)).toContain(
      "TWO_FACTOR_REQUIRED",
    );
    expect(await serverAction(apps[0]!, page, session, "stepUpAction", [{ code: stepUpCode }])).toContain(
      '"ok":true',
    );
    expect(await serverAction(apps[2]!, page, session, "freezeCardAction", freeze)).toContain('"ok":true');
    const [row] = await database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row?.status).toBe("frozen");
  });

  it("deactivating a user refuses their token on every instance within 1 s", async () => {
    const org = await createTestOrg(database.db);
    const admin = bearer(await org.token(org.admin.userId));
    const operator = await org.user("operator");
    const token = bearer(await org.token(operator.userId));
    for (const app of apps) expect((await fetch(`${app}/api/v1/me`, { headers: token })).status).toBe(200);
    const done = await fetch(`${apps[0]}/api/v1/team/members/${operator.userId}/deactivate`, json({}, admin));
    expect(done.status).toBe(200);
    const at = Date.now();
    const refusedAfter = await Promise.all(
      apps.map(async (app) => {
        while ((await fetch(`${app}/api/v1/me`, { headers: token })).status === 200)
          if (Date.now() - at > 2_000) break;
        return Date.now() - at;
      }),
    );
    for (const [i, ms] of refusedAfter.entries())
      expect(ms, `${apps[i]} refused the deactivated user only after ${ms} ms`).toBeLessThan(1_000);
    for (const app of apps) expect((await fetch(`${app}/api/v1/me`, { headers: token })).status).toBe(401);
  });

  it("the exchange-rate limit (30 a minute per organization) is one count across instances", async () => {
    const p = await adminWithKey(["read", "transactions"]);
    const quote = {
      from_currency: "USD",
      to_currency: "EUR",
      amount: 100,
      method_id: 101,
      method_type: "payout",
    };
    const ask = (app: string, n: number) =>
      fetch(`${app}/api/v1/exchange-rate`, json(quote, { ...p.key, "idempotency-key": `q-${p.keyId}-${n}` }));
    await startWithRoomInTheWindow();
    // 30 quotes, round robin over the instances: each instance alone saw only 10.
    for (let n = 0; n < 30; n++) expect((await ask(apps[n % apps.length]!, n)).status).toBe(200);
    for (const [i, app] of apps.entries()) {
      const res = await ask(app, 100 + i);
      expect(res.status, `${app} let the 31st quote through`).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("the screener's limit (60 a minute per client address) is one count across instances", async () => {
    // HAProxy forwards the client's address in X-Forwarded-For (TRUST_PROXY is on in the cluster);
    // a documentation address of its own keeps this test's count apart from any other.
    const client = { "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 250)}` };
    const check = (app: string) => screen(app, client);
    await startWithRoomInTheWindow();
    for (let n = 0; n < 60; n++) expect((await check(apps[n % apps.length]!)).status).toBe(200);
    for (const app of apps) expect((await check(app)).status, `${app} let the 61st check through`).toBe(429);
  });

  /** One screener check of an address, as from the client `from` names. */
  const screen = (app: string, from: Record<string, string>) =>
    fetch(
      `${app}/api/v1/screener/check`,
      json({ address: "0x52908400098527886E0F7030069857D2E4169EE7" }, from),
    );

  /**
   * The limits are fixed windows of a minute on the database clock: a window ending midway through a
   * test's requests would let the one over the limit through (it did, once, for the quotes). So a
   * test starts in a minute with at least 30 s left, asked of the screener from an address of its own
   * (which counts apart from every test's).
   */
  async function startWithRoomInTheWindow(): Promise<void> {
    const probe = await screen(apps[0]!, {
      "x-forwarded-for": `203.0.113.${1 + Math.floor(Math.random() * 250)}`,
    });
    const reset = Number(probe.headers.get("ratelimit-reset"));
    expect(reset).toBeGreaterThan(0);
    if (reset < 30) await new Promise((r) => setTimeout(r, (reset + 1) * 1000));
  }

  // Last: the money invariants over everything the cluster's tests moved, in every organization.
  it("no purchase is credited back beyond its amount (won disputes plus refunds)", async () => {
    expect(await overCreditedPurchases(database.db)).toBe(0);
  });
});
