import { describe, expect, it, vi } from "vitest";
import { GET as exportPayouts } from "@/app/(dashboard)/payments/payouts-export/route";
import { newId } from "@/lib/ids";
import { signInDashboard } from "@/server/testing/dashboard";
import { withTestDatabase } from "@/server/testing/database";
import { fiatProgram, SEPA_BENEFICIARY } from "@/server/testing/fiat";
import { userCtx } from "@/server/testing/fixtures";
import { createPayout } from "./create";
import { forcePayoutOutcome } from "./lifecycle";
import { pageOfPayouts, parsePayoutPageQuery, streamPayoutsCsv } from "./page";

// The dashboard session (next-auth) is the one thing not available here: the test signs a user in.
vi.mock("@/server/action-kit/session", () => ({ getOptionalSession: vi.fn() }));

const database = withTestDatabase({ install: false });

/** An organization with payouts of 10, 30 and 20 USD (in that order), the 30 one failed. */
async function programWithPayouts() {
  const p = await fiatProgram(database.db);
  await p.fund("USD", "500");
  const ids: string[] = [];
  for (const amount of [10, 30, 20]) {
    const quote = await p.quote(amount);
    const payout = await createPayout({
      ctx: p.ctx,
      input: {
        debit_wallet: "USD",
        quote_id: quote.quote_id,
        amount,
        payment_method_id: 101,
        beneficiary: SEPA_BENEFICIARY,
      },
    });
    ids.push(payout.payout_id);
  }
  await forcePayoutOutcome({ ctx: p.ctx, input: { payout_id: ids[1]!, outcome: "fail" } });
  return { p, ids };
}

describe("the Payments page's payout list", () => {
  it("pages with the total, orders by a column, filters by status", async () => {
    const { p, ids } = await programWithPayouts();
    const page = (params: Record<string, string>, limit = 2) =>
      pageOfPayouts({ ctx: p.ctx, input: parsePayoutPageQuery(params, limit) });

    const newest = await page({});
    expect(newest.total).toBe(3);
    expect(newest.payouts.map((x) => x.payout_id)).toEqual([ids[2], ids[1]]);
    const second = await page({ payout_page: "2" });
    expect(second.payouts.map((x) => x.payout_id)).toEqual([ids[0]]);

    const byAmount = await page({ payout_sort: "amount" }, 3);
    expect(byAmount.payouts.map((x) => x.amount)).toEqual(["10.00000000", "20.00000000", "30.00000000"]);
    const byAmountDown = await page({ payout_sort: "-amount" }, 3);
    expect(byAmountDown.payouts.map((x) => x.amount)).toEqual(["30.00000000", "20.00000000", "10.00000000"]);

    const failed = await page({ payouts: "failed" });
    expect(failed).toMatchObject({ total: 1, payouts: [{ payout_id: ids[1], status: "failed" }] });

    // What the address cannot say falls back to the defaults.
    expect(parsePayoutPageQuery({ payouts: "lost", payout_sort: "name", payout_page: "-3" }, 20)).toEqual({
      status: undefined,
      sort: "-created",
      page: 1,
      limit: 20,
    });
  });

  it("another organization sees none of them; a cardholder cannot read them", async () => {
    await programWithPayouts();
    const other = await fiatProgram(database.db);
    expect(await pageOfPayouts({ ctx: other.ctx, input: parsePayoutPageQuery({}, 20) })).toEqual({
      payouts: [],
      total: 0,
    });
    const cardholder = { ...other.ctx, actor: { type: "cardholder" as const, customerId: "sc_x" } };
    await expect(pageOfPayouts({ ctx: cardholder, input: parsePayoutPageQuery({}, 20) })).rejects.toThrow();
    // The export is its own use case (streamPayoutsCsv), refused on entry too.
    const { page: _page, limit: _limit, ...filter } = parsePayoutPageQuery({}, 20);
    const exported = async () => {
      for await (const _ of streamPayoutsCsv({ ctx: cardholder, input: filter })) void _;
    };
    await expect(exported()).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
  });

  it("exports the filtered payouts as CSV for a signed-in viewer, only its organization's", async () => {
    const { p, ids } = await programWithPayouts();
    await programWithPayouts(); // another organization's, never exported
    const viewer = await p.user("viewer");
    const ctx = userCtx(database.db, p.orgId, viewer, { sessionId: newId("tok"), twoFactorEnabled: false });
    signInDashboard(ctx);

    const res = await exportPayouts(
      new Request("http://console.test/payments/payouts-export?payout_sort=amount"),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = (await res.text()).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      "payout_id,created_at,completed_at,status,debit_wallet,amount,fee,amount_due,payout_currency," +
        "receive_amount,rate,method,beneficiary_name,failure_reason",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([ids[0], ids[2], ids[1]]);
    expect(lines[1]).toContain(",10.00000000,");

    const failedOnly = await exportPayouts(
      new Request("http://console.test/payments/payouts-export?payouts=failed"),
    );
    expect((await failedOnly.text()).split("\r\n").filter(Boolean)).toHaveLength(2);

    signInDashboard(null);
    const signedOut = await exportPayouts(new Request("http://console.test/payments/payouts-export"));
    expect(signedOut.status).toBe(401);
  });
});
