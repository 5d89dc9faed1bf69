import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { pageMasterWalletDeposits, streamMasterWalletDepositsCsv } from "./deposit-list";
import { receiveDeposit } from "./deposits";

const database = withTestDatabase();

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text.trimEnd().split(/\r?\n/);
}

describe("the Balances page's deposits list", () => {
  it("pages with the total, sorts amounts within a currency, exports in the list's order", async () => {
    const org = await createTestOrg(database.db);
    const ctx = userCtx(database.db, org.orgId, {
      userId: org.admin.userId,
      email: "a@example.test",
      role: "admin",
    });
    const amounts: ["EUR" | "USD", number][] = [
      ["EUR", 5_000],
      ["USD", 100],
      ["EUR", 200],
      ["USD", 9_000],
      ["EUR", 70_000],
    ];
    for (const [currency, amount] of amounts) {
      await receiveDeposit({ ctx, input: { currency, amount, two_step: false } });
    }

    const first = await pageMasterWalletDeposits({
      ctx,
      input: { page: 1, limit: 2, sort: "received", dir: "desc" },
    });
    expect(first.total).toBe(5);
    expect(first.deposits.map((d) => d.source_amount_minor)).toEqual([70_000, 9_000]);
    const last = await pageMasterWalletDeposits({
      ctx,
      input: { page: 3, limit: 2, sort: "received", dir: "desc" },
    });
    expect(last.deposits.map((d) => d.source_amount_minor)).toEqual([5_000]);

    // Amounts compare within a currency: EUR first, then USD, never one ranking of both.
    const byAmount = await pageMasterWalletDeposits({
      ctx,
      input: { page: 1, limit: 10, sort: "amount", dir: "desc" },
    });
    expect(byAmount.deposits.map((d) => `${d.currency} ${d.source_amount_minor}`)).toEqual([
      "EUR 70000",
      "EUR 5000",
      "EUR 200",
      "USD 9000",
      "USD 100",
    ]);

    const csv = await collect(streamMasterWalletDepositsCsv({ ctx, input: { sort: "amount", dir: "asc" } }));
    expect(csv[0]).toBe(
      "settlement_id,created_at,currency,source_amount,settled_amount,status,two_step,settled_at,tx_hash",
    );
    expect(csv.slice(1).map((l) => l.split(",").slice(2, 4).join(" "))).toEqual([
      "EUR 2",
      "EUR 50",
      "EUR 700",
      "USD 1",
      "USD 90",
    ]);

    // A viewer reads them too (the list's use case).
    const viewer = await org.user("viewer");
    const asViewer = userCtx(database.db, org.orgId, viewer);
    expect(
      (
        await pageMasterWalletDeposits({
          ctx: asViewer,
          input: { page: 1, limit: 10, sort: "received", dir: "desc" },
        })
      ).total,
    ).toBe(5);
  });

  it("shows another organization none of them, and refuses a cardholder", async () => {
    const a = await createTestOrg(database.db);
    const b = await createTestOrg(database.db);
    const ctxA = userCtx(database.db, a.orgId, {
      userId: a.admin.userId,
      email: "a@example.test",
      role: "admin",
    });
    await receiveDeposit({ ctx: ctxA, input: { currency: "EUR", amount: 1_000, two_step: false } });
    const ctxB = userCtx(database.db, b.orgId, {
      userId: b.admin.userId,
      email: "b@example.test",
      role: "admin",
    });
    const seenByB = await pageMasterWalletDeposits({
      ctx: ctxB,
      input: { page: 1, limit: 10, sort: "received", dir: "desc" },
    });
    expect(seenByB).toMatchObject({ total: 0, deposits: [] });
    expect(
      await collect(streamMasterWalletDepositsCsv({ ctx: ctxB, input: { sort: "received", dir: "desc" } })),
    ).toHaveLength(1);

    const cardholder: Ctx = {
      db: database.db,
      orgId: a.orgId,
      actor: { type: "cardholder", customerId: "cus_x" },
    };
    await expect(
      pageMasterWalletDeposits({
        ctx: cardholder,
        input: { page: 1, limit: 10, sort: "received", dir: "desc" },
      }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
    await expect(
      collect(streamMasterWalletDepositsCsv({ ctx: cardholder, input: { sort: "received", dir: "desc" } })),
    ).rejects.toMatchObject({
      code: "INSUFFICIENT_PERMISSION",
    });
  });
});
