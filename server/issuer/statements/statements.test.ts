import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { pdfText } from "@/lib/pdf-text";
import { createApiApp } from "@/server/api/app";
import type { Ctx } from "@/server/context";
import { customerBalances } from "@/server/db/schema/money";
import { cardStatements } from "@/server/db/schema/statements";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { refundCardTransaction } from "@/server/issuer/card-network/refund";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { decideDispute } from "@/server/issuer/disputes/decide";
import { fileDispute } from "@/server/issuer/disputes/file";
import { fundCustomer } from "@/server/issuer/funding/fund-customer";
import { receiveDeposit } from "@/server/issuer/master-wallet/deposits";
import { createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { refusal } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { eventsOf, fundableCustomer } from "@/server/testing/funding";
import { bearer } from "@/server/testing/http";
import { generateStatements, lastMonth } from "./generate";
import { getStatementPdf } from "./pdf";
import { getStatement, listStatements } from "./read";

const database = withTestDatabase();
beforeAll(() => {
  resetEnvForTests();
});

function keyCtx(orgId: string): Ctx {
  return {
    db: database.db,
    orgId,
    actor: { type: "apiKey", keyId: "key_test", scopes: ["read", "write", "transactions"] },
  };
}

/** The first instant of the month after `at` (UTC, the program's zone until one is set), plus an hour. */
function nextMonthOf(at: Date, months = 1): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1, 1));
}

/** A month with every kind of movement: a funding, two settled purchases, a refund, a won dispute, an open hold. */
async function seededMonth() {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(org.orgId);
  await receiveDeposit({ ctx, input: { currency: "EUR", amount: 100_000, two_step: false } });
  const customer = await fundableCustomer(database.db, org.orgId, "EUR");
  const card = await createTestCard(database.db, customer);
  await fundCustomer({ ctx, input: { customer_id: customer.svcCardId, amount: 10_000, currency: "EUR" } });
  const purchase = async (amount: number, merchant: string) => {
    const t = await authorizeCardTransaction({
      ctx,
      input: {
        card_id: card.id,
        amount,
        currency: "EUR",
        merchant,
        merchant_category: "5942",
        merchant_city: "Paris",
        merchant_country: "FR",
        type: "purchase",
      },
    });
    return settleCardTransaction({ ctx, input: { transactionId: t.transaction_id } });
  };
  const books = await purchase(2_000, "Book Shop");
  const shoes = await purchase(3_000, "Shoe Shop");
  await refundCardTransaction({ ctx, input: { transactionId: shoes.transaction_id, amount: 1_000 } });
  const dispute = await fileDispute({
    ctx,
    input: {
      svcCardId: customer.svcCardId,
      transactionId: books.transaction_id,
      reason_code: "not_received",
      description: "Never arrived",
      amount: 500,
    },
  });
  await decideDispute({ ctx, input: { disputeId: dispute.dispute_id, status: "won" } });
  // An open authorization holds funds but does not move the ledger: not a line.
  await authorizeCardTransaction({
    ctx,
    input: {
      card_id: card.id,
      amount: 700,
      currency: "EUR",
      merchant: "Cafe",
      merchant_category: "5814",
      merchant_city: "Paris",
      merchant_country: "FR",
      type: "purchase",
    },
  });
  const [balance] = await database.db
    .select()
    .from(customerBalances)
    .where(eq(customerBalances.customerId, customer.id));
  return { org, ctx, customer, card, books, shoes, dispute, ledger: balance!.ledgerMinor };
}

describe("monthly statements", () => {
  it("a month with every movement: opening + lines = closing = the ledger; totals by kind; one event", async () => {
    const s = await seededMonth();
    expect(s.ledger).toBe(10_000 - 2_000 - 3_000 + 1_000 + 500);
    const now = nextMonthOf(new Date());
    const run = await generateStatements(database.db, s.org.orgId, now);
    expect(run).toMatchObject({ created: 1, more: false });

    const { statements } = await listStatements({ ctx: s.ctx, input: { svcCardId: s.customer.svcCardId } });
    expect(statements).toHaveLength(1);
    const statement = await getStatement({
      ctx: s.ctx,
      input: { svcCardId: s.customer.svcCardId, statementId: statements[0]!.statement_id },
    });
    expect(statement).toMatchObject({
      currency: "EUR",
      period: new Date().toISOString().slice(0, 7),
      time_zone: "UTC",
      opening_balance_minor: 0,
      closing_balance_minor: s.ledger,
    });
    expect(statement.lines.map((l) => [l.kind, l.amount_minor])).toEqual([
      ["funding", 10_000],
      ["purchase", -2_000],
      ["purchase", -3_000],
      ["refund", 1_000],
      ["dispute_credit", 500],
    ]);
    expect(statement.lines.at(-1)!.balance_after_minor).toBe(s.ledger);
    expect(statement.totals).toEqual({
      purchase: -5_000,
      withdrawal: 0,
      refund: 1_000,
      funding: 10_000,
      dispute_credit: 500,
      fee: 0,
      adjustment: 0,
    });
    const sum = statement.lines.reduce((a, l) => a + l.amount_minor, 0);
    expect(statement.opening_balance_minor + sum).toBe(statement.closing_balance_minor);

    const created = await eventsOf(database.db, s.org.orgId, ["statement.created"]);
    expect(created).toEqual([
      {
        type: "statement.created",
        data: expect.objectContaining({
          statement_id: statement.statement_id,
          svc_card_id: s.customer.svcCardId,
          closing_balance_minor: s.ledger,
        }),
      },
    ]);
    // Run again: nothing new, no second event.
    expect((await generateStatements(database.db, s.org.orgId, now)).created).toBe(0);
    expect(await eventsOf(database.db, s.org.orgId, ["statement.created"])).toHaveLength(1);
  });

  it("the chain: the next month opens at the last one's closing, and closes at the ledger", async () => {
    const s = await seededMonth();
    await generateStatements(database.db, s.org.orgId, nextMonthOf(new Date()));
    await generateStatements(database.db, s.org.orgId, nextMonthOf(new Date(), 2));
    const rows = await database.db
      .select()
      .from(cardStatements)
      .where(and(eq(cardStatements.orgId, s.org.orgId), eq(cardStatements.customerId, s.customer.id)))
      .orderBy(cardStatements.period);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.openingMinor).toBe(rows[0]!.closingMinor);
    expect(rows[1]!.closingMinor).toBe(s.ledger);
    expect(rows[1]!.lines).toEqual([]);
    expect(rows[1]!.periodStart.getTime()).toBe(rows[0]!.periodEnd.getTime());
  });

  it("the PDF says the month, the balances and every line", async () => {
    const s = await seededMonth();
    await generateStatements(database.db, s.org.orgId, nextMonthOf(new Date()));
    const [summary] = (await listStatements({ ctx: s.ctx, input: { svcCardId: s.customer.svcCardId } }))
      .statements;
    const { pdf, filename } = await getStatementPdf({
      ctx: s.ctx,
      input: { svcCardId: s.customer.svcCardId, statementId: summary!.statement_id },
    });
    expect(filename).toBe(`statement-${summary!.period}-${s.customer.svcCardId}.pdf`);
    const text = pdfText(pdf);
    for (const expected of [
      `Statement ${summary!.period} (UTC)`,
      "Opening balance",
      "0.00 EUR",
      "Closing balance",
      `${(s.ledger / 100).toFixed(2)} EUR`,
      "Funding from the program",
      "Purchase at Book Shop",
      "Purchase at Shoe Shop",
      "Refund from Shoe Shop",
      "Dispute won: credit",
      "-30.00 EUR",
    ])
      expect(text).toContain(expected);
  });

  it("the month ends in the program's time zone", () => {
    const p = lastMonth(new Date("2026-11-01T00:30:00+01:00"), "Europe/Berlin");
    expect(p).toMatchObject({
      period: "2026-10",
      start: new Date("2026-10-01T00:00:00+02:00"),
      end: new Date("2026-11-01T00:00:00+01:00"),
    });
    // 23:30 UTC on 31 October is already November in Berlin: October ended.
    expect(lastMonth(new Date("2026-10-31T23:30:00Z"), "Europe/Berlin").period).toBe("2026-10");
    expect(lastMonth(new Date("2026-10-31T23:30:00Z"), "UTC").period).toBe("2026-09");
  });

  it("a cardholder reads their own statements only; another organization's is 404", async () => {
    const s = await seededMonth();
    await generateStatements(database.db, s.org.orgId, nextMonthOf(new Date()));
    const [summary] = (await listStatements({ ctx: s.ctx, input: { svcCardId: s.customer.svcCardId } }))
      .statements;
    const input = { svcCardId: s.customer.svcCardId, statementId: summary!.statement_id };
    const own: Ctx = {
      db: database.db,
      orgId: s.org.orgId,
      actor: { type: "cardholder", customerId: s.customer.id },
    };
    expect((await getStatement({ ctx: own, input })).statement_id).toBe(summary!.statement_id);

    const other = await fundableCustomer(database.db, s.org.orgId, "EUR");
    const theirs: Ctx = {
      db: database.db,
      orgId: s.org.orgId,
      actor: { type: "cardholder", customerId: other.id },
    };
    expect(await refusal(getStatement({ ctx: theirs, input }))).toBe("NOT_FOUND");
    expect(await refusal(listStatements({ ctx: theirs, input: { svcCardId: s.customer.svcCardId } }))).toBe(
      "NOT_FOUND",
    );
    // Their own account, with our statement id: still not found.
    expect(
      await refusal(getStatement({ ctx: theirs, input: { ...input, svcCardId: other.svcCardId } })),
    ).toBe("NOT_FOUND");

    const app = createApiApp();
    const stranger = await createTestOrg(database.db);
    const auth = bearer(await stranger.token(stranger.admin.userId));
    const path = `/api/v1/svc-card/customers/${s.customer.svcCardId}/statements/${summary!.statement_id}`;
    const res = await app.request(path, { headers: auth });
    expect(res.status).toBe(404);
    const mine = bearer(await s.org.token(s.org.admin.userId));
    const json = await app.request(path, { headers: mine });
    expect(json.status).toBe(200);
    const file = await app.request(`${path}?format=pdf`, { headers: mine });
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(pdfText(new Uint8Array(await file.arrayBuffer()))).toContain("Closing balance");
  });
});
