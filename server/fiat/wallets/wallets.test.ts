import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fiatQuotes } from "@/server/db/schema/fiat";
import {
  checkBeneficiary,
  createBeneficiary,
  deleteBeneficiary,
  listBeneficiaries,
} from "@/server/fiat/beneficiaries/saved";
import { finishCheckout } from "@/server/fiat/deposits/checkout";
import { createDeposit } from "@/server/fiat/deposits/create";
import { estimateQuote } from "@/server/fiat/quotes/create";
import { withTestDatabase } from "@/server/testing/database";
import { fiatProgram, SEPA_BENEFICIARY } from "@/server/testing/fiat";
import { createWallet, listWallets } from "./manage";

const database = withTestDatabase({ install: false });

describe("fiat wallets, saved beneficiaries, deposits", () => {
  it(
    "one wallet per currency: 409 WALLET_ALREADY_EXISTS; " +
      "a currency outside the catalogue is 400; read needs no write scope",
    async () => {
      const p = await fiatProgram(database.db);
      await expect(createWallet({ ctx: p.ctx, input: { currency: "EUR" } })).resolves.toMatchObject({
        currency: "EUR",
        balance: "0.00000000",
      });
      await expect(createWallet({ ctx: p.ctx, input: { currency: "EUR" } })).rejects.toMatchObject({
        code: "WALLET_ALREADY_EXISTS",
        status: 409,
      });
      await expect(createWallet({ ctx: p.ctx, input: { currency: "JPY" } })).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
      });
      const reader = { ...p.ctx, actor: { type: "apiKey" as const, keyId: "k", scopes: ["read" as const] } };
      expect((await listWallets({ ctx: reader })).wallets.map((w) => w.currency)).toEqual(["EUR"]);
      await expect(createWallet({ ctx: reader, input: { currency: "USD" } })).rejects.toMatchObject({
        code: "INSUFFICIENT_PERMISSION",
      });
    },
  );

  it("saved beneficiaries: validated, listed masked, deleted; another organization's is 404", async () => {
    const p = await fiatProgram(database.db);
    await expect(
      createBeneficiary({ ctx: p.ctx, input: { payment_method_id: 101, fields: { iban: "x" } } }),
    ).rejects.toMatchObject({ code: "BENEFICIARY_INVALID" });
    await expect(
      createBeneficiary({ ctx: p.ctx, input: { payment_method_id: 201, fields: SEPA_BENEFICIARY } }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    // The review step's check: the same rules, the answer masked, nothing stored.
    expect(() =>
      checkBeneficiary({
        ctx: p.ctx,
        input: { payment_method_id: 101, fields: { ...SEPA_BENEFICIARY, iban: "DE89370400440532013001" } },
      }),
    ).toThrow(
      expect.objectContaining({
        code: "BENEFICIARY_INVALID",
        details: [expect.objectContaining({ path: "iban" })],
      }),
    );
    expect(
      checkBeneficiary({ ctx: p.ctx, input: { payment_method_id: 101, fields: SEPA_BENEFICIARY } }).fields,
    ).toEqual({ beneficiary_name: "Ada Lovelace", beneficiary_type: "individual", iban: "********3000" });
    expect((await listBeneficiaries({ ctx: p.ctx })).beneficiaries).toEqual([]);
    const saved = await createBeneficiary({
      ctx: p.ctx,
      input: { payment_method_id: 101, nickname: "Ada (EUR)", fields: SEPA_BENEFICIARY },
    });
    expect(saved).toMatchObject({
      method_name: "SEPA Credit Transfer (Germany)",
      fields: { iban: "********3000" },
    });
    expect((await listBeneficiaries({ ctx: p.ctx })).beneficiaries).toEqual([saved]);
    const other = await fiatProgram(database.db);
    await expect(
      deleteBeneficiary({ ctx: other.ctx, input: { beneficiary_id: saved.beneficiary_id } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await deleteBeneficiary({ ctx: p.ctx, input: { beneficiary_id: saved.beneficiary_id } });
    expect((await listBeneficiaries({ ctx: p.ctx })).beneficiaries).toEqual([]);
  });

  it("the live estimate binds nothing: no quote is stored", async () => {
    const p = await fiatProgram(database.db);
    const e = estimateQuote({
      ctx: p.ctx,
      input: { from_currency: "USD", to_currency: "EUR", amount: 100, method_id: 101, method_type: "payout" },
    });
    expect(e.payout_data.customer_total_amount_due).toBe("100.74347826");
    expect(await database.db.select().from(fiatQuotes).where(eq(fiatQuotes.orgId, p.orgId))).toEqual([]);
  });

  it("a cancelled checkout credits nothing; the deposit's quote stays consumed", async () => {
    const p = await fiatProgram(database.db);
    await createWallet({ ctx: p.ctx, input: { currency: "EUR" } });
    const quote = await p.quote(50, { method_id: 202, method_type: "payin" });
    const dep = await createDeposit({
      ctx: p.ctx,
      input: { gateway: 202, quote_id: quote.quote_id, currency: "EUR", redirect_url: "https://a.example/r" },
    });
    const token = dep.checkout_url!.split("/").at(-1)!;
    const out = await finishCheckout(database.db, { token, outcome: "cancel" });
    expect(out.redirectTo).toBe(`https://a.example/r?deposit_id=${dep.deposit_id}&status=cancelled`);
    // Paying after cancelling changes nothing.
    await finishCheckout(database.db, { token, outcome: "complete" });
    expect(await p.balance("EUR")).toBe("0.00000000");
    expect((await p.events()).map((e) => e.type)).toEqual(["fiat.deposit.created", "fiat.deposit.cancelled"]);
    await expect(
      createDeposit({
        ctx: p.ctx,
        input: {
          gateway: 202,
          quote_id: quote.quote_id,
          currency: "EUR",
          redirect_url: "https://a.example/r",
        },
      }),
    ).rejects.toMatchObject({ code: "QUOTE_ALREADY_USED" });
  });
});
