import { and, asc, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { auditLog } from "@/server/db/schema/platform";
import { creditWallet } from "@/server/fiat/wallets/manage";
import { fiatHttpSuite, idem, pdfText } from "@/server/testing/fiat-http";

const { app, db, call, post, program, QUOTE, BENEFICIARY } = fiatHttpSuite();

describe("fiat money over HTTP", () => {
  it(
    "wallets: create once (409 after), list; a payout with a bad beneficiary names every field; then the " +
      "receipt PDF",
    async () => {
      const p = await program();
      const made = await call("/api/v1/wallet/create", post({ currency: "usd" }, p.key));
      expect(made).toMatchObject({ status: 201, body: { data: { currency: "USD", balance: "0.00000000" } } });
      expect((await call("/api/v1/wallet/create", post({ currency: "USD" }, p.key))).body.error_code).toBe(
        "WALLET_ALREADY_EXISTS",
      );
      await creditWallet(db().db, p.org.orgId, "USD", "500");
      const quote = (await call("/api/v1/exchange-rate", post(QUOTE, { ...p.key, ...idem() }))).body.data!;
      const body = { debit_wallet: "USD", quote_id: quote.quote_id, amount: 100, payment_method_id: 101 };
      const bad = await call(
        "/api/v1/wallet/payout",
        post(
          { ...body, beneficiary: { beneficiary_type: "robot", iban: "DE00 1234" } },
          { ...p.key, ...idem() },
        ),
      );
      expect(bad).toMatchObject({
        status: 422,
        body: { status: "error", error_code: "BENEFICIARY_INVALID" },
      });
      expect(Object.keys(bad.body.errors!).sort()).toEqual(["beneficiary_name", "beneficiary_type", "iban"]);
      const missingKey = await call(
        "/api/v1/wallet/payout",
        post({ ...body, beneficiary: BENEFICIARY }, p.key),
      );
      expect(missingKey.body.error_code).toBe("IDEMPOTENCY_KEY_REQUIRED");

      const paid = await call(
        "/api/v1/wallet/payout",
        post({ ...body, beneficiary: BENEFICIARY }, { ...p.key, ...idem() }),
      );
      expect(paid).toMatchObject({
        status: 201,
        body: { data: { status: "pending", amount_due: "100.74347826" } },
      });
      const again = await call(
        "/api/v1/wallet/payout",
        post({ ...body, beneficiary: BENEFICIARY }, { ...p.key, ...idem() }),
      );
      expect(again).toMatchObject({ status: 409, body: { error_code: "QUOTE_ALREADY_USED" } });
      const wallets = await call("/api/v1/wallet/list", { headers: p.readOnly });
      expect(wallets.body.data!.wallets).toEqual([
        expect.objectContaining({ currency: "USD", balance: "399.25652174" }),
      ]);
      const list = await call("/api/v1/wallet/payouts?status=pending", { headers: p.readOnly });
      expect((list.body.data!.payouts as unknown[]).length).toBe(1);
      expect(
        (await call("/api/v1/wallet/payouts?status=completed", { headers: p.readOnly })).body.data!.payouts,
      ).toEqual([]);

      const id = paid.body.data!.payout_id as string;
      const res = await app.request(`/api/v1/business/transaction/receipt/${id}`, { headers: p.readOnly });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const bytes = new Uint8Array(await res.arrayBuffer());
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBe(1);
      const text = pdfText(bytes);
      expect(text).toContain(id);
      expect(text).toContain("100.74347826 USD");
      expect(text).toContain("91.67800000 EUR");
      expect(text).toContain("********3000");
      expect(text).not.toContain("DE89370400440532013000");
      expect(
        (await call("/api/v1/business/transaction/receipt/pay_unknown", { headers: p.readOnly })).status,
      ).toBe(404);
    },
  );

  it("the audit log holds each fiat change, by the key that made it, in its own transaction", async () => {
    const p = await program();
    expect((await call("/api/v1/wallet/create", post({ currency: "USD" }, p.key))).status).toBe(201);
    await creditWallet(db().db, p.org.orgId, "USD", "500");
    const saved = await call(
      "/api/v1/beneficiary",
      post({ payment_method_id: 101, nickname: "Ada", fields: BENEFICIARY }, p.key),
    );
    expect(saved.status).toBe(201);
    const beneficiaryId = saved.body.data!.beneficiary_id as string;
    const quote = (await call("/api/v1/exchange-rate", post(QUOTE, { ...p.key, ...idem() }))).body.data!;
    const paid = await call(
      "/api/v1/wallet/payout",
      post(
        {
          debit_wallet: "USD",
          quote_id: quote.quote_id,
          amount: 100,
          payment_method_id: 101,
          beneficiary_id: beneficiaryId,
        },
        { ...p.key, ...idem() },
      ),
    );
    expect(paid.status).toBe(201);
    const removed = await call(`/api/v1/beneficiary/${beneficiaryId}`, {
      method: "DELETE",
      headers: p.key,
    });
    expect(removed.status).toBe(200);
    // A refused change writes nothing: a second USD wallet is 409 and leaves no entry.
    expect((await call("/api/v1/wallet/create", post({ currency: "USD" }, p.key))).status).toBe(409);

    const entries = await db()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, p.org.orgId), eq(auditLog.credentialType, "api_key")))
      .orderBy(asc(auditLog.createdAt));
    const fiat = entries.filter((e) => e.action.startsWith("fiat."));
    expect(fiat.map((e) => [e.action, e.targetId])).toEqual([
      ["fiat.wallet.created", "USD"],
      ["fiat.beneficiary.created", beneficiaryId],
      ["fiat.payout.created", paid.body.data!.payout_id],
      ["fiat.beneficiary.deleted", beneficiaryId],
    ]);
    expect(fiat[2]!.detail).toMatchObject({ amount_due: "100.74347826", currency: "USD" });
    // The beneficiary's account never reaches the log.
    expect(JSON.stringify(fiat)).not.toContain("DE89370400440532013000");
  });

  it("a user access token pays out only with a current TOTP code", async () => {
    const p = await program();
    await call("/api/v1/wallet/create", post({ currency: "USD" }, p.key));
    await creditWallet(db().db, p.org.orgId, "USD", "500");
    const quote = (await call("/api/v1/exchange-rate", post(QUOTE, { ...p.admin, ...idem() }))).body.data!;
    const body = {
      debit_wallet: "USD",
      quote_id: quote.quote_id,
      amount: 100,
      payment_method_id: 101,
      beneficiary: BENEFICIARY,
    };
    const noCode = await call("/api/v1/wallet/payout", post(body, { ...p.admin, ...idem() }));
    expect(noCode).toMatchObject({ status: 403, body: { error_code: "TWO_FACTOR_REQUIRED" } });
    const withCode = await call(
      "/api/v1/wallet/payout",
      post(body, { ...p.admin, ...idem(), "x-2fa-token": p.code() }),
    );
    expect(withCode.status).toBe(201);
  });

  it(
    "a deposit: payin quote, hosted checkout, pay, redirect, " + "wallet credited, fiat.deposit events",
    async () => {
      const p = await program();
      await call("/api/v1/wallet/create", post({ currency: "EUR" }, p.key));
      const quote = (
        await call(
          "/api/v1/exchange-rate",
          post(
            { from_currency: "USD", to_currency: "EUR", amount: 100, method_id: 202, method_type: "payin" },
            { ...p.key, ...idem() },
          ),
        )
      ).body.data!;
      const body = {
        gateway: 202,
        quote_id: quote.quote_id,
        currency: "EUR",
        redirect_url: "https://shop.example/back?x=1",
      };
      const noWallet = await call(
        "/api/v1/wallet/deposits/new",
        post({ ...body, currency: "GBP" }, { ...p.key, ...idem() }),
      );
      expect(noWallet.body.errors).toHaveProperty("currency");
      const dep = await call("/api/v1/wallet/deposits/new", post(body, { ...p.key, ...idem() }));
      expect(dep).toMatchObject({
        status: 201,
        body: { data: { status: "pending", currency: "EUR", pay_currency: "USD" } },
      });
      const checkout = new URL(dep.body.data!.checkout_url as string);
      const page = await app.request(checkout.pathname);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`${dep.body.data!.amount_due as string} USD`);
      const paid = await app.request(`${checkout.pathname}/complete`, { method: "POST" });
      expect(paid.status).toBe(303);
      const back = new URL(paid.headers.get("location")!);
      expect(back.origin + back.pathname).toBe("https://shop.example/back");
      expect(Object.fromEntries(back.searchParams)).toEqual({
        x: "1",
        deposit_id: dep.body.data!.deposit_id,
        status: "completed",
      });
      const wallets = await call("/api/v1/wallet/list", { headers: p.key });
      expect(wallets.body.data!.wallets).toEqual([
        expect.objectContaining({ currency: "EUR", balance: dep.body.data!.credit_amount }),
      ]);
      // Paying twice only redirects again; the wallet is credited once.
      expect((await app.request(`${checkout.pathname}/complete`, { method: "POST" })).status).toBe(303);
      expect((await call("/api/v1/wallet/list", { headers: p.key })).body.data!.wallets).toEqual(
        wallets.body.data!.wallets,
      );
      const reuse = await call("/api/v1/wallet/deposits/new", post(body, { ...p.key, ...idem() }));
      expect(reuse.body.error_code).toBe("QUOTE_ALREADY_USED");
      const receipt = await app.request(
        `/api/v1/business/transaction/receipt/${dep.body.data!.deposit_id as string}`,
        {
          headers: p.key,
        },
      );
      expect(pdfText(new Uint8Array(await receipt.arrayBuffer()))).toContain(
        `${dep.body.data!.credit_amount as string} EUR`,
      );
    },
  );
});
