import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests, setEnvForTests } from "@/lib/env";
import { createApiApp } from "@/server/api/app";
import { seedDemo } from "@/server/cli/seed-demo";
import { captureLogs } from "@/server/log";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { capCsvRows, csvFailureMarker, csvResponse, csvTruncatedMarker } from "./csv-stream";

const database = withTestDatabase();
const app = createApiApp();
let auth: Record<string, string>;
beforeAll(async () => {
  resetEnvForTests();
  const org = await createTestOrg(database.db);
  auth = bearer(await org.token(org.admin.userId));
});

const EXPORT = "/api/v1/card-issuer/card-transactions/export.csv";

describe("CSV export failures", () => {
  it("answers an error status, not a truncated 200, when the first query fails", async () => {
    const fine = await app.request(EXPORT, { headers: auth });
    expect(fine.status).toBe(200);
    expect(await fine.text()).toMatch(/^transaction_id,/);

    const refused = await app.request(`${EXPORT}?customer_id=%00`, { headers: auth });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, error_code: "VALIDATION_ERROR" });

    // This file's own database: the table goes away, so the export's first query fails.
    await database.db.execute(sql`alter table card_transactions rename to card_transactions_gone`);
    const logs = captureLogs("error");
    try {
      const broken = await app.request(EXPORT, { headers: auth });
      expect(broken.status).toBe(500);
      expect(broken.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await broken.json()).toMatchObject({ success: false, error_code: "INTERNAL_ERROR" });
    } finally {
      logs.stop();
      await database.db.execute(sql`alter table card_transactions_gone rename to card_transactions`);
    }
    const line = JSON.parse(logs.lines.find((l) => l.includes("unhandled error"))!) as {
      err: { code: string; query: string };
    };
    expect(line.err).toMatchObject({ code: "42P01", query: expect.stringContaining("card_transactions") });
  });

  it("ends the body with the marker after a failure mid-stream, logged as one JSON line", async () => {
    async function* rows() {
      yield "id,name\r\n";
      yield "txn_1,a\r\n";
      throw Object.assign(new Error("Failed query: select 1\nparams: someone@example.test"), {
        query: "select 1",
        params: ["someone@example.test"],
      });
    }
    const logs = captureLogs("error");
    const res = await csvResponse(rows(), "x.csv", "req_test123");
    expect(res.status).toBe(200);
    const text = await res.text();
    logs.stop();
    expect(text).toBe(`id,name\r\ntxn_1,a\r\n${csvFailureMarker("req_test123")}`);
    expect(csvFailureMarker("req_test123")).toBe(
      '#EXPORT_FAILED,"The export stopped early; the rows above are incomplete. ' +
        'Request id req_test123."\r\n',
    );
    expect(logs.lines).toHaveLength(1);
    const line = JSON.parse(logs.lines[0]!) as { msg: string; requestId: string };
    expect(line).toMatchObject({
      msg: "a CSV export failed after streaming started",
      requestId: "req_test123",
    });
    expect(logs.lines[0]).not.toContain("someone@example.test");
  });
});

describe("the row cap of every CSV export (CSV_EXPORT_MAX_ROWS)", () => {
  async function* chunks(...parts: string[]) {
    for (const part of parts) yield part;
  }
  const collect = async (source: AsyncIterable<string>) => {
    let out = "";
    for await (const part of source) out += part;
    return out;
  };

  it("cuts after the cap's last whole record, counting quoted line breaks as data, across chunks", async () => {
    const out = await collect(
      capCsvRows(
        chunks('id,city\r\ntxn_1,"Paris,\r\n5e"\r\ntx', 'n_2,Lyon\r\ntxn_3,"a\r', '\nb"\r\ntxn_4,x\r\n'),
        2,
      ),
    );
    expect(out).toBe(`id,city\r\ntxn_1,"Paris,\r\n5e"\r\ntxn_2,Lyon\r\n${csvTruncatedMarker(2)}`);
    expect(csvTruncatedMarker(100_000)).toBe(
      '#EXPORT_TRUNCATED,"This export stops at 100,000 rows, its limit; more rows match. ' +
        'Narrow the filters (a shorter date range, a status, a customer) and export again for the rest."\r\n',
    );
  });

  it("an export of exactly the cap, or less, is whole: no marker", async () => {
    const whole = 'id,city\r\ntxn_1,"a\r\nb"\r\ntxn_2,c\r\n';
    expect(await collect(capCsvRows(chunks(whole), 2))).toBe(whole);
    expect(await collect(capCsvRows(chunks(whole), 5))).toBe(whole);
  });

  it("stops reading the source at the cap (its queries end with it)", async () => {
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        yield "id\r\n";
        for (;;) {
          read++;
          yield `txn_${read}\r\n`;
        }
      } finally {
        closed = true;
      }
    }
    await collect(capCsvRows(endless(), 3));
    expect(read).toBe(4);
    expect(closed).toBe(true);
  });

  it("GET /api/v1/card-issuer/card-transactions/export.csv ends at the cap with the marker line", async () => {
    const org = await createTestOrg(database.db);
    await seedDemo(database.db, { customers: 30, transactions: 30, orgId: org.orgId });
    const headers = bearer(await org.token(org.admin.userId));
    setEnvForTests({ CSV_EXPORT_MAX_ROWS: "12" });
    try {
      const res = await app.request(EXPORT, { headers });
      expect(res.status).toBe(200);
      const lines = (await res.text()).split("\r\n").filter(Boolean);
      expect(lines[0]).toMatch(/^transaction_id,/);
      expect(lines).toHaveLength(1 + 12 + 1);
      expect(lines.at(-1)).toBe(csvTruncatedMarker(12).trim());
      // Filtered below the cap, the same export is whole.
      const declined = await app.request(`${EXPORT}?status=declined`, { headers });
      expect(await declined.text()).not.toContain("#EXPORT_TRUNCATED");
    } finally {
      setEnvForTests({ CSV_EXPORT_MAX_ROWS: undefined });
    }
  });
});
