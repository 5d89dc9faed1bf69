import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkAddressOnChain } from "@/lib/chains/addresses";
import { isChainId, isTxHashOf } from "@/lib/chains/chains";
import { gatewayPayments } from "@/server/db/schema/crypto";
import { auditLog } from "@/server/db/schema/platform";
import { getHostedPayment } from "@/server/gateway/hosted";
import { expirePayment } from "@/server/gateway/payments";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

type Payment = {
  payment_id: string;
  status: string;
  settled_amount: number | null;
  accepted_options: { asset_code: string; network: string; deposit_address: string }[];
  tx_hash: string | null;
  network: string | null;
};
type Body = { success?: boolean; error_code?: string; data?: Record<string, unknown> };
async function call(path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  return { status: res.status, body: (await res.json()) as Body };
}

async function program() {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  const create = async (body: Record<string, unknown>) =>
    (await call("/api/v1/sandbox/crypto-gateway/payments", postJson({ title: "Invoice", ...body }, auth)))
      .body.data as Payment;
  const pay = (id: string, body: Record<string, unknown>) =>
    call(`/api/v1/sandbox/crypto-gateway/payments/${id}/pay`, postJson(body, auth));
  const list = async (query = "") =>
    (await call(`/api/v1/crypto-gateway/payments${query}`, { headers: auth })).body.data as {
      payments: Payment[];
      total: number;
    };
  return { org, auth, create, pay, list };
}

describe("crypto gateway", () => {
  it("creates a payment with a fresh valid deposit address per option", async () => {
    const { org, create } = await program();
    const a = await create({ requested_amount: 120, external_reference: "inv-1" });
    const b = await create({ requested_amount: 120 });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, "gateway.payment.created")));
    expect(audit.map((e) => e.targetId).sort()).toEqual([a.payment_id, b.payment_id].sort());
    expect(a).toMatchObject({
      status: "awaiting_payment",
      settled_amount: null,
      external_reference: "inv-1",
    });
    expect(a.accepted_options.length).toBeGreaterThan(3);
    for (const o of a.accepted_options) {
      expect(isChainId(o.network)).toBe(true);
      expect(checkAddressOnChain(o.network as never, o.deposit_address).valid).toBe(true);
    }
    expect((a as unknown as { payment_url: string }).payment_url).toMatch(
      new RegExp(`/pay/${a.payment_id}$`),
    );
    expect((await getHostedPayment(database.db, a.payment_id))?.status).toBe("awaiting_payment");
    expect(await getHostedPayment(database.db, "gwp_00000000000000000000")).toBeNull();
    expect(await getHostedPayment(database.db, "' or 1=1")).toBeNull();
    const addresses = [...a.accepted_options, ...b.accepted_options].map((o) => o.deposit_address);
    expect(new Set(addresses).size).toBe(addresses.length);
  });
  it("underpaid, exact and overpaid payments; an underpaid one can be topped up", async () => {
    const { create, pay } = await program();
    const under = await create({ requested_amount: 100 });
    let res = await pay(under.payment_id, { asset_code: "USDC", network: "base", amount: 60 });
    expect(res.body.data).toMatchObject({ status: "underpaid", settled_amount: 60, asset_code: "USDC" });
    res = await pay(under.payment_id, { asset_code: "USDT", network: "tron", amount: 40 });
    const topped = res.body.data as Payment;
    expect(topped).toMatchObject({ status: "paid", settled_amount: 100, network: "tron" });
    expect(isTxHashOf("tron", topped.tx_hash!)).toBe(true);
    const exact = await create({ requested_amount: 25.5, currency: "EUR" });
    res = await pay(exact.payment_id, { asset_code: "EURe", network: "gnosis", amount: 25.5 });
    expect(res.body.data).toMatchObject({ status: "paid", settled_amount: 25.5 });
    const over = await create({ requested_amount: 10 });
    res = await pay(over.payment_id, { asset_code: "USDC", network: "solana", amount: 10.01 });
    expect(res.body.data).toMatchObject({ status: "overpaid", settled_amount: 10.01 });
    // Paid ones take no more; an option the payment does not offer is refused.
    expect((await pay(over.payment_id, { asset_code: "USDC", network: "base", amount: 1 })).status).toBe(409);
    const eur = await create({ requested_amount: 5, currency: "EUR" });
    const wrong = await pay(eur.payment_id, { asset_code: "USDC", network: "base", amount: 5 });
    expect(wrong).toMatchObject({ status: 400, body: { error_code: "VALIDATION_ERROR" } });
  });
  it("expires an unpaid payment at its time, and then refuses funds", async () => {
    const { org, create, pay, auth } = await program();
    const p = await create({ requested_amount: 5 });
    await database.db
      .update(gatewayPayments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(gatewayPayments.id, p.payment_id));
    await expirePayment(database.db, org.orgId, p.payment_id);
    const detail = await call(`/api/v1/crypto-gateway/payments/${p.payment_id}`, { headers: auth });
    expect(detail.body.data).toMatchObject({ status: "expired" });
    const types = (detail.body.data!.events as { type: string }[]).map((e) => e.type);
    expect(types).toEqual(["crypto_gateway.payment.created", "crypto_gateway.payment.expired"]);
    expect((await pay(p.payment_id, { asset_code: "USDC", network: "base", amount: 5 })).status).toBe(409);
  });
  it("filters by status, external_reference and dates, and pages against the total", async () => {
    const { create, pay, list } = await program();
    const made: Payment[] = [];
    for (let i = 0; i < 6; i++)
      made.push(await create({ requested_amount: 10, external_reference: `ref-${i % 2}` }));
    for (const p of made.slice(0, 2))
      await pay(p.payment_id, { asset_code: "USDC", network: "base", amount: 10 });
    const all = await list();
    expect(all.total).toBe(6);
    expect(all.payments.map((p) => p.payment_id)).toEqual(made.map((p) => p.payment_id).reverse());
    const page = await list("?limit=2&offset=2");
    expect(page.payments.map((p) => p.payment_id)).toEqual(
      made
        .map((p) => p.payment_id)
        .reverse()
        .slice(2, 4),
    );
    expect((await list("?status=paid")).total).toBe(2);
    expect((await list("?status=awaiting_payment")).total).toBe(4);
    expect((await list("?external_reference=ref-1")).total).toBe(3);
    expect(
      (await list(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total,
    ).toBe(0);
    expect((await list(`?to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(
      6,
    );
  });
  it("a payment of organization A is 404 for organization B", async () => {
    const a = await program();
    const b = await program();
    const p = await a.create({ requested_amount: 10 });
    const res = await call(`/api/v1/crypto-gateway/payments/${p.payment_id}`, { headers: b.auth });
    expect(res).toMatchObject({ status: 404, body: { error_code: "NOT_FOUND" } });
    expect((await b.pay(p.payment_id, { asset_code: "USDC", network: "base", amount: 10 })).status).toBe(404);
    expect((await b.list()).total).toBe(0);
  });
});
