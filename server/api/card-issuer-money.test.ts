import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests, setEnvForTests } from "@/lib/env";
import { customerFundings } from "@/server/db/schema/money";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { chainBalance, eventsOf, fundableCustomer } from "@/server/testing/funding";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();

beforeAll(async () => {
  resetEnvForTests();
});
afterEach(() => {
  setEnvForTests({ SVC_MODE: undefined });
});
afterAll(async () => {
  clock.restore();
});

type Headers = Record<string, string>;
type Body = {
  success?: boolean;
  error_code?: string;
  message?: string;
  details?: { path: string; message: string }[];
  data?: Record<string, unknown> & { [k: string]: unknown };
};

function send(method: string, body: unknown | undefined, headers: Headers): RequestInit {
  return body === undefined
    ? { method, headers }
    : { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}
const post = (body: unknown, headers: Headers) => send("POST", body, headers);

async function call(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Body; headers: globalThis.Headers }> {
  const res = await app.request(path, init);
  return { status: res.status, body: (await res.json()) as Body, headers: res.headers };
}

async function apiKey(admin: Headers, code: string, permissions: string[]): Promise<Headers> {
  const res = await app.request(
    "/api/apikey/create",
    post({ name: `money ${permissions.join("+")}`, permissions }, { ...admin, "x-2fa-token": code }),
  );
  const k = (await res.json()) as { api_key: string; api_secret: string };
  return { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
}

/**
 * An organization with an admin (2FA) token, an API key with every money scope and one without transactions.
 */
async function program() {
  const org = await createTestOrg(database.db);
  const admin = bearer(await org.token(org.admin.userId));
  const code = () => clock.nextCode(org.admin.totpSecret);
  const key = await apiKey(admin, code(), ["read", "write", "transactions"]);
  const readWrite = await apiKey(admin, code(), ["read", "write"]);
  const viewer = bearer(await org.token((await org.user("viewer")).userId));
  return { org, admin, code, key, readWrite, viewer };
}

const DEPOSIT = "/api/v1/sandbox/master-wallet/deposit";
const WALLET = "/api/v1/card-issuer/master-wallet";
const FUND = "/api/v1/card-issuer/fund-customer";

describe("issuer money over HTTP", () => {
  it(
    "master wallet: the view, sandbox deposits one-step and two-step " + "(settled on demand), the threshold",
    async () => {
      const p = await program();
      const empty = await call(WALLET, { headers: p.viewer });
      expect(empty.status).toBe(200);
      expect(Object.keys(empty.body).sort()).toEqual(["data", "message", "success"]);
      expect(Object.keys(empty.body.data!).sort()).toEqual(["fetched_at", "wallets"]);
      expect(
        (empty.body.data!.wallets as Record<string, unknown>[]).map((w) => Object.keys(w).sort())[0],
      ).toEqual([
        "balance",
        "balance_minor",
        "currency",
        "low_balance",
        "low_balance_threshold",
        "low_balance_threshold_minor",
        "processing",
        "processing_minor",
        "updated_at",
      ]);

      const one = await call(DEPOSIT, post({ currency: "EUR", amount: "150.25" }, p.key));
      expect(one.status).toBe(201);
      expect(one.body.data).toMatchObject({
        status: "settled",
        two_step: false,
        source_amount: 150.25,
        source_amount_minor: 15_025,
        settled_amount_minor: 15_025,
        currency: "EUR",
      });
      const two = await call(DEPOSIT, post({ currency: "EUR", amount: 10, two_step: true }, p.key));
      expect(two.body.data).toMatchObject({ status: "processing", settled_amount: null });
      let eur = (
        (await call(WALLET, { headers: p.key })).body.data!.wallets as Record<string, unknown>[]
      ).find((w) => w.currency === "EUR");
      expect(eur).toMatchObject({
        balance: 150.25,
        balance_minor: 15_025,
        processing: 10,
        processing_minor: 1_000,
      });

      const settled = await call(
        `/api/v1/sandbox/master-wallet/deposits/${String(two.body.data!.settlement_id)}/settle`,
        post(undefined, p.key),
      );
      expect(settled).toMatchObject({
        status: 200,
        body: { data: { status: "settled", settled_amount: 10, settled_amount_minor: 1_000 } },
      });
      expect(
        (await call("/api/v1/sandbox/master-wallet/deposits/stl_unknown/settle", post(undefined, p.key))).body
          .error_code,
      ).toBe("NOT_FOUND");
      eur = ((await call(WALLET, { headers: p.key })).body.data!.wallets as Record<string, unknown>[]).find(
        (w) => w.currency === "EUR",
      );
      expect(eur).toMatchObject({ balance_minor: 16_025, processing_minor: 0 });
      expect(
        (await eventsOf(database.db, p.org.orgId, ["master_wallet.deposit"])).map((e) => e.data.status),
      ).toEqual(["settled", "processing", "settled"]);

      const list = await call("/api/v1/card-issuer/master-wallet/deposits?limit=10", { headers: p.viewer });
      expect((list.body.data!.deposits as unknown[]).length).toBe(2);

      const threshold = await call(`${WALLET}/EUR/threshold`, send("PUT", { threshold: 200 }, p.key));
      expect(threshold).toMatchObject({
        status: 200,
        body: {
          data: {
            currency: "EUR",
            low_balance_threshold: 200,
            low_balance_threshold_minor: 20_000,
            low_balance: true,
          },
        },
      });
      expect(
        (await call(`${WALLET}/EUR/threshold`, send("PUT", { threshold: 200 }, p.viewer))).body.error_code,
      ).toBe("INSUFFICIENT_PERMISSION");
      expect((await call(`${WALLET}/XYZ/threshold`, send("PUT", { threshold: 1 }, p.key))).status).toBe(400);

      // Amounts are checked: more than 2 decimals, zero, negative.
      for (const amount of ["1.234", 0, -5, "abc"])
        expect((await call(DEPOSIT, post({ currency: "EUR", amount }, p.key))).body.error_code).toBe(
          "VALIDATION_ERROR",
        );
      expect((await call(DEPOSIT, post({ currency: "EUR", amount: 1 }, p.viewer))).body.error_code).toBe(
        "INSUFFICIENT_PERMISSION",
      );
    },
  );

  it("sandbox deposit routes are 404 and undocumented in live mode", async () => {
    const p = await program();
    setEnvForTests({ SVC_MODE: "live" });
    expect(await call(DEPOSIT, post({ currency: "EUR", amount: 1 }, p.key))).toMatchObject({
      status: 404,
      body: { error_code: "NOT_FOUND" },
    });
    expect(
      (await call("/api/v1/sandbox/master-wallet/deposits/stl_x/settle", post(undefined, p.key))).status,
    ).toBe(404);
    // The document is built when the app is: a live app leaves the sandbox routes out.
    const paths = (mode: "live" | "sandbox") => {
      setEnvForTests({ SVC_MODE: mode });
      return Object.keys(
        createApiApp().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }).paths ??
          {},
      );
    };
    const live = paths("live");
    expect(live.filter((path) => path.includes("/sandbox/master-wallet"))).toEqual([]);
    expect(live).toContain("/api/v1/card-issuer/fund-customer");
    expect(paths("sandbox")).toEqual(
      expect.arrayContaining([
        "/api/v1/sandbox/master-wallet/deposit",
        "/api/v1/sandbox/master-wallet/deposits/{settlementId}/settle",
      ]),
    );
  });

  it(
    "fund-customer: an API key with transactions needs no code; a user " +
      "token needs X-2FA-Token each time; read+write keys are refused",
    async () => {
      const p = await program();
      await call(DEPOSIT, post({ currency: "EUR", amount: 100 }, p.key));
      const customer = await fundableCustomer(database.db, p.org.orgId, "EUR");
      const body = { customer_id: customer.svcCardId, amount: 10, currency: "EUR" };

      const byKey = await call(FUND, post(body, p.key));
      expect(byKey.status).toBe(200);
      expect(Object.keys(byKey.body.data!).sort()).toEqual([
        "amount",
        "amount_minor",
        "created_at",
        "currency",
        "customer_id",
        "remaining_balance",
        "remaining_balance_minor",
        "status",
        "svc_card_id",
        "transfer_id",
        "tx_hash",
      ]);
      expect(byKey.body.data).toMatchObject({
        status: "completed",
        amount: 10,
        currency: "EUR",
        remaining_balance: 90,
        svc_card_id: customer.svcCardId,
      });

      expect((await call(FUND, post(body, p.readWrite))).body.error_code).toBe("INSUFFICIENT_PERMISSION");
      expect((await call(FUND, post(body, p.viewer))).body.error_code).toBe("INSUFFICIENT_PERMISSION");
      expect(await call(FUND, post(body, p.admin))).toMatchObject({
        status: 403,
        body: { error_code: "TWO_FACTOR_REQUIRED" },
      });
      expect(await call(FUND, post(body, { ...p.admin, "x-2fa-token": "000000" }))).toMatchObject({
        status: 403,
        body: { error_code: "INVALID_2FA_TOKEN" },
      });
      // Refused requests moved nothing and raised no funding event.
      expect(
        (await eventsOf(database.db, p.org.orgId, ["customer.funded", "customer.funding.failed"])).length,
      ).toBe(1);

      const withCode = await call(FUND, post(body, { ...p.admin, "x-2fa-token": p.code() }));
      expect(withCode).toMatchObject({ status: 200, body: { data: { remaining_balance: 80 } } });
      const inBody = await call(FUND, post({ ...body, two_factor_token: p.code() }, p.admin));
      expect(inBody).toMatchObject({ status: 200, body: { data: { remaining_balance: 70 } } });
      expect(await chainBalance(database.db, customer.safeAddress!)).toBe(3_000);

      // An operator without 2FA enabled is told to enable it.
      const operator = bearer(await p.org.token((await p.org.user("operator")).userId));
      expect((await call(FUND, post(body, operator))).body.error_code).toBe("TWO_FACTOR_NOT_ENABLED");

      const customerView = await call(`/api/v1/card-issuer/customers/${customer.svcCardId}`, {
        headers: p.key,
      });
      expect(customerView.body.data).toMatchObject({ ledger_balance_minor: 3_000 });
    },
  );

  it(
    "fund-customer refusals: 409 INSUFFICIENT_FUNDS, 409 " +
      "WALLET_NOT_DEPLOYED, 400 VALIDATION_ERROR for another currency, 404 " +
      "for an unknown customer",
    async () => {
      const p = await program();
      await call(DEPOSIT, post({ currency: "EUR", amount: 5 }, p.key));
      const customer = await fundableCustomer(database.db, p.org.orgId, "EUR");
      expect(
        await call(FUND, post({ customer_id: customer.svcCardId, amount: 5.01, currency: "EUR" }, p.key)),
      ).toMatchObject({ status: 409, body: { success: false, error_code: "INSUFFICIENT_FUNDS" } });
      const usd = await call(
        FUND,
        post({ customer_id: customer.svcCardId, amount: 1, currency: "USD" }, p.key),
      );
      expect(usd).toMatchObject({
        status: 400,
        body: { error_code: "VALIDATION_ERROR", details: [{ path: "currency" }] },
      });
      const undeployed = await fundableCustomer(database.db, p.org.orgId, "EUR", {
        safeState: "not_deployed",
        safeAddress: null,
        safeDeployedAt: null,
      });
      expect(
        await call(FUND, post({ customer_id: undeployed.id, amount: 1, currency: "EUR" }, p.key)),
      ).toMatchObject({ status: 409, body: { error_code: "WALLET_NOT_DEPLOYED" } });
      expect(
        await call(FUND, post({ customer_id: "sc_nobody", amount: 1, currency: "EUR" }, p.key)),
      ).toMatchObject({ status: 404, body: { error_code: "NOT_FOUND" } });
      expect(
        (await call(FUND, post({ customer_id: customer.svcCardId, amount: "1.001", currency: "EUR" }, p.key)))
          .body.error_code,
      ).toBe("VALIDATION_ERROR");
      const failed = await eventsOf(database.db, p.org.orgId, ["customer.funding.failed", "customer.funded"]);
      expect(failed.map((e) => [e.type, e.data.svc_card_id])).toEqual([
        ["customer.funding.failed", customer.svcCardId],
        ["customer.funding.failed", customer.svcCardId],
        ["customer.funding.failed", undeployed.svcCardId],
      ]);
      const fundings = await call(`/api/v1/card-issuer/fundings?customer_id=${customer.externalId}`, {
        headers: p.viewer,
      });
      expect(
        (fundings.body.data!.fundings as Record<string, unknown>[]).map((f) => f.failure_reason).sort(),
      ).toEqual(["INSUFFICIENT_FUNDS", "VALIDATION_ERROR"]);
    },
  );

  it(
    "fund-customer with an Idempotency-Key: the retry replays the first " +
      "answer and moves the money once; another body with the key is 422",
    async () => {
      const p = await program();
      await call(DEPOSIT, post({ currency: "GBP", amount: 50 }, p.key));
      const customer = await fundableCustomer(database.db, p.org.orgId, "GBP");
      const headers = { ...p.key, "idempotency-key": `fund-${customer.id}` };
      const body = { customer_id: customer.svcCardId, amount: 20, currency: "GBP" };
      const first = await app.request(FUND, post(body, headers));
      const firstText = await first.text();
      const again = await app.request(FUND, post(body, headers));
      expect(again.status).toBe(first.status);
      expect(await again.text()).toBe(firstText);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(
        await database.db.select().from(customerFundings).where(eq(customerFundings.customerId, customer.id)),
      ).toHaveLength(1);
      expect(await chainBalance(database.db, customer.safeAddress!)).toBe(2_000);
      const wallet = (
        (await call(WALLET, { headers: p.key })).body.data!.wallets as Record<string, unknown>[]
      ).find((w) => w.currency === "GBP");
      expect(wallet).toMatchObject({ balance_minor: 3_000 });
      expect((await call(FUND, post({ ...body, amount: 21 }, headers))).body.error_code).toBe(
        "IDEMPOTENCY_KEY_MISMATCH",
      );

      const transferId = String((JSON.parse(firstText) as Body).data!.transfer_id);
      const transfer = await call(`/api/v1/card-issuer/transfers/${transferId}`, { headers: p.viewer });
      expect(transfer).toMatchObject({
        status: 200,
        body: {
          data: {
            transfer_id: transferId,
            status: "completed",
            amount: 20,
            currency: "GBP",
            svc_card_id: customer.svcCardId,
          },
        },
      });
      const other = await program();
      expect((await call(`/api/v1/card-issuer/transfers/${transferId}`, { headers: other.key })).status).toBe(
        404,
      );
    },
  );
});
