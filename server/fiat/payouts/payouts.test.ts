import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fiatQuotes } from "@/server/db/schema/fiat";
import { auditLog } from "@/server/db/schema/platform";
import { createBeneficiary } from "@/server/fiat/beneficiaries/saved";
import { withTestDatabase } from "@/server/testing/database";
import { fiatProgram, SEPA_BENEFICIARY } from "@/server/testing/fiat";
import { createPayout } from "./create";
import { advancePayout, forcePayoutOutcome } from "./lifecycle";
import { getPayout } from "./view";

const database = withTestDatabase({ install: false });

const payoutOf = (quote: { quote_id: string }, amount = 100) => ({
  debit_wallet: "USD",
  quote_id: quote.quote_id,
  amount,
  payment_method_id: 101,
  beneficiary: SEPA_BENEFICIARY,
});

describe("payouts", () => {
  it(
    "debits amount_due, records the payout pending with " +
      "the masked beneficiary, raises fiat.payout.created",
    async () => {
      const p = await fiatProgram(database.db);
      await p.fund("USD", "150");
      const quote = await p.quote();
      const payout = await createPayout({ ctx: p.ctx, input: payoutOf(quote) });
      expect(payout).toMatchObject({
        status: "pending",
        quote_id: quote.quote_id,
        debit_wallet: "USD",
        amount: "100.00000000",
        fee: "0.74347826",
        amount_due: "100.74347826",
        payout_currency: "EUR",
        receive_amount: "91.67800000",
        rate: "0.91678000",
        beneficiary: { beneficiary_name: "Ada Lovelace", iban: "********3000" },
      });
      expect(await p.balance("USD")).toBe("49.25652174");
      const events = await p.events();
      expect(events.map((e) => e.type)).toEqual(["fiat.payout.created"]);
      expect(events[0]!.data).toMatchObject({
        payout_id: payout.payout_id,
        amount_due: 100.74347826,
        amount_due_minor: 10074,
        amount_due_decimal: "100.74347826",
      });
    },
  );

  it("a quote is consumed once: reuse 409, unknown 404, expired 410", async () => {
    const p = await fiatProgram(database.db);
    await p.fund("USD", "1000");
    const quote = await p.quote();
    await createPayout({ ctx: p.ctx, input: payoutOf(quote) });
    await expect(createPayout({ ctx: p.ctx, input: payoutOf(quote) })).rejects.toMatchObject({
      code: "QUOTE_ALREADY_USED",
      status: 409,
    });
    await expect(
      createPayout({ ctx: p.ctx, input: payoutOf({ quote_id: crypto.randomUUID() }) }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const old = await p.quote();
    await database.db
      .update(fiatQuotes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(fiatQuotes.id, old.quote_id));
    await expect(createPayout({ ctx: p.ctx, input: payoutOf(old) })).rejects.toMatchObject({
      code: "QUOTE_EXPIRED",
      status: 410,
    });
    // Another organization's quote does not exist for this one.
    const other = await fiatProgram(database.db);
    await other.fund("USD", "1000");
    const fresh = await p.quote();
    await expect(createPayout({ ctx: other.ctx, input: payoutOf(fresh) })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("20 concurrent payouts of one quote: exactly one succeeds, the wallet is debited once", async () => {
    const p = await fiatProgram(database.db);
    await p.fund("USD", "10000");
    const quote = await p.quote();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => createPayout({ ctx: p.ctx, input: payoutOf(quote) })),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) =>
      r.status === "rejected" ? [(r.reason as { code: string }).code] : [],
    );
    expect(ok).toHaveLength(1);
    expect(refused).toEqual(Array(19).fill("QUOTE_ALREADY_USED"));
    expect(await p.balance("USD")).toBe("9899.25652174");
  });

  it(
    "insufficient funds under concurrency: only what the wallet " +
      "covers goes through, never below 0; refused quotes stay usable",
    async () => {
      const p = await fiatProgram(database.db);
      await p.fund("USD", "302.23043478"); // exactly 3 x 100.74347826
      const quotes = await Promise.all(Array.from({ length: 6 }, () => p.quote()));
      const results = await Promise.allSettled(
        quotes.map((q) => createPayout({ ctx: p.ctx, input: payoutOf(q) })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
      const codes = results.flatMap((r) =>
        r.status === "rejected" ? [(r.reason as { code: string }).code] : [],
      );
      expect(codes).toEqual(Array(3).fill("INSUFFICIENT_FUNDS"));
      expect(await p.balance("USD")).toBe("0.00000000");
      // A refused payout rolled its quote's consumption back: after a top-up the same quote works.
      const refusedQuote = quotes[results.findIndex((r) => r.status === "rejected")]!;
      await p.fund("USD", "200");
      await expect(createPayout({ ctx: p.ctx, input: payoutOf(refusedQuote) })).resolves.toMatchObject({
        status: "pending",
      });
    },
  );

  it("the request must match the quote, every difference named; nothing is consumed", async () => {
    const p = await fiatProgram(database.db);
    await p.fund("USD", "1000");
    await p.fund("EUR", "1000");
    const quote = await p.quote();
    const err = await createPayout({
      ctx: p.ctx,
      input: { ...payoutOf(quote, 99), debit_wallet: "EUR" },
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((err as { details: { path: string }[] }).details.map((d) => d.path)).toEqual([
      "debit_wallet",
      "amount",
    ]);
    const plain = await p.quote(100, { method_id: undefined, method_type: undefined });
    await expect(createPayout({ ctx: p.ctx, input: payoutOf(plain) })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [expect.objectContaining({ path: "payment_method_id" })],
    });
    await expect(createPayout({ ctx: p.ctx, input: payoutOf(quote) })).resolves.toMatchObject({
      status: "pending",
    });
  });

  it("a bad beneficiary is 422 before the quote is touched; a saved one is used as stored", async () => {
    const p = await fiatProgram(database.db);
    await p.fund("USD", "1000");
    const quote = await p.quote();
    await expect(
      createPayout({ ctx: p.ctx, input: { ...payoutOf(quote), beneficiary: { iban: "DE00" } } }),
    ).rejects.toMatchObject({ code: "BENEFICIARY_INVALID", status: 422 });
    const saved = await createBeneficiary({
      ctx: p.ctx,
      input: { payment_method_id: 101, nickname: "Ada", fields: SEPA_BENEFICIARY },
    });
    const { beneficiary: _typed, ...rest } = payoutOf(quote);
    const payout = await createPayout({
      ctx: p.ctx,
      input: { ...rest, beneficiary_id: saved.beneficiary_id },
    });
    expect(payout).toMatchObject({
      beneficiary_id: saved.beneficiary_id,
      beneficiary: { iban: "********3000" },
    });
  });

  it(
    "moves pending -> processing -> completed in the worker; " +
      "a return refunds amount_due; a completed payout cannot fail",
    async () => {
      const p = await fiatProgram(database.db);
      await p.fund("USD", "100.74347826");
      const payout = await createPayout({ ctx: p.ctx, input: payoutOf(await p.quote()) });
      const step = () => advancePayout(database.db, { orgId: p.orgId, payoutId: payout.payout_id });
      expect(await step()).toBe(true);
      expect((await getPayout({ ctx: p.ctx, input: payout })).status).toBe("processing");
      expect(await step()).toBe(true);
      const done = await getPayout({ ctx: p.ctx, input: payout });
      expect(done).toMatchObject({ status: "completed", completed_at: expect.any(String) });
      expect(await step()).toBe(false);
      await expect(
        forcePayoutOutcome({ ctx: p.ctx, input: { payout_id: payout.payout_id, outcome: "fail" } }),
      ).rejects.toMatchObject({ code: "PAYOUT_NOT_CHANGEABLE" });
      expect(await p.balance("USD")).toBe("0.00000000");
      const returned = await forcePayoutOutcome({
        ctx: p.ctx,
        input: { payout_id: payout.payout_id, outcome: "return" },
      });
      expect(returned).toMatchObject({ status: "returned", failure_reason: "account_closed" });
      expect(await p.balance("USD")).toBe("100.74347826");
      expect((await p.events()).map((e) => e.type)).toEqual([
        "fiat.payout.created",
        "fiat.payout.processing",
        "fiat.payout.completed",
        "fiat.payout.returned",
      ]);
    },
  );

  it("a failed payout refunds the wallet, and the worker's later step does nothing", async () => {
    const p = await fiatProgram(database.db);
    await p.fund("USD", "200");
    const payout = await createPayout({ ctx: p.ctx, input: payoutOf(await p.quote()) });
    const failed = await forcePayoutOutcome({
      ctx: p.ctx,
      input: { payout_id: payout.payout_id, outcome: "fail", reason: "invalid_account" },
    });
    expect(failed).toMatchObject({ status: "failed", failure_reason: "invalid_account" });
    expect(await p.balance("USD")).toBe("200.00000000");
    // Forced through the sandbox: an audit entry in the same commit, with the reason.
    const audit = await database.db
      .select({ action: auditLog.action, targetId: auditLog.targetId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, p.orgId), eq(auditLog.action, "sandbox.payout_failed")));
    expect(audit).toEqual([
      {
        action: "sandbox.payout_failed",
        targetId: payout.payout_id,
        detail: expect.objectContaining({ reason: "invalid_account", currency: "USD" }),
      },
    ]);
    expect(await advancePayout(database.db, { orgId: p.orgId, payoutId: payout.payout_id })).toBe(false);
    expect((await getPayout({ ctx: p.ctx, input: payout })).status).toBe("failed");
  });
});
