import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { auditLog } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();

afterAll(async () => {
  clock.restore();
});

type Body = { success?: boolean; status?: string; error_code?: string; data?: Record<string, unknown> };
async function call(path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  return { status: res.status, body: (await res.json()) as Body, headers: res.headers };
}

const QUOTE = {
  from_chain: "base",
  from_token: "USDC",
  to_chain: "tron",
  to_token: "USDT",
  amount: "50",
  from_address: "0x1111111111111111111111111111111111111111",
  to_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
};

async function program() {
  const org = await createTestOrg(database.db);
  const admin = bearer(await org.token(org.admin.userId));
  const code = () => clock.nextCode(org.admin.totpSecret);
  await call(
    "/api/v1/sandbox/master-wallet/assets/deposit",
    postJson({ asset_id: "usdc-base", amount: "500" }, admin),
  );
  return { org, admin, code };
}

describe("swap routes", () => {
  it("serves assets and routes under both spellings", async () => {
    const { admin, org } = await program();
    // The sandbox deposit of program() is an audit entry by the admin's token, with its amount.
    const deposits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, "sandbox.asset_deposited")));
    expect(deposits.map((e) => [e.targetId, e.actorId, e.credentialType, e.detail])).toEqual([
      ["usdc-base", org.admin.userId, "user_token", { amount: "500", base_units: "500000000" }],
    ]);
    for (const path of ["/api/swap/assets", "/api/v1/swap/assets"]) {
      const res = await call(path, { headers: admin });
      expect(res.status).toBe(200);
      expect((res.body.data!.assets as unknown[]).length).toBeGreaterThan(10);
    }
    const routes = await call("/api/v1/swap/routes?from_asset_id=usdt-tron", { headers: admin });
    const list = routes.body.data!.routes as { to_chain: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((r) => r.to_chain === "solana")).toBe(false);
  });
  it("quotes, then executes with the user's TOTP code: status success, a pending swap", async () => {
    const { org, admin, code } = await program();
    const quote = await call("/api/swap/quote", postJson(QUOTE, admin));
    expect(quote.status).toBe(201);
    const q = quote.body.data as { quote_id: string; from_asset_id: string; expires_at: string };
    const body = { quote_id: q.quote_id, from_asset_id: q.from_asset_id, to_address: QUOTE.to_address };
    const noCode = await call("/api/v1/swap/execute", postJson(body, admin));
    expect(noCode.body.error_code).toBe("TWO_FACTOR_REQUIRED");
    const headers = { ...admin, "x-2fa-token": code(), "idempotency-key": "swap-1" };
    const done = await call("/api/v1/swap/execute", postJson(body, headers));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: "success",
      data: { status: "pending", from_chain: "base", to_chain: "tron" },
    });
    // The same Idempotency-Key replays the answer to a caller who confirms again with a current code
    // (docs/errors.md, Idempotency): the code already used is refused, a new one gets the stored answer.
    const stale = await call("/api/v1/swap/execute", postJson(body, headers));
    expect(stale).toMatchObject({ status: 403, body: { error_code: "INVALID_2FA_TOKEN" } });
    const replay = await call("/api/v1/swap/execute", postJson(body, { ...headers, "x-2fa-token": code() }));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay).toMatchObject({ status: 200, body: done.body });
    // A new execute of the quote is 409.
    const again = await call("/api/v1/swap/execute", postJson(body, { ...admin, "x-2fa-token": code() }));
    expect(again).toMatchObject({ status: 409, body: { error_code: "QUOTE_ALREADY_USED" } });
    const history = await call("/api/swap/history?limit=5", { headers: admin });
    expect(history.body.data).toMatchObject({ total: 1, limit: 5, offset: 0 });
    // One audit entry, for the swap that was made, by the admin's token.
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, "swap.executed")));
    expect(audit.map((e) => [e.targetId, e.actorId, e.credentialType])).toEqual([
      [done.body.data!.swap_id, org.admin.userId, "user_token"],
    ]);
  });
  it(
    "422 INVALID_ADDRESS for a Tron address as an EVM recipient; 400 for a history status outside the " +
      "filter",
    async () => {
      const { admin } = await program();
      const bad = await call("/api/swap/quote", postJson({ ...QUOTE, to_chain: "polygon" }, admin));
      expect(bad).toMatchObject({ status: 422, body: { error_code: "INVALID_ADDRESS" } });
      const history = await call("/api/swap/history?status=pending", { headers: admin });
      expect(history.status).toBe(400);
    },
  );
});
