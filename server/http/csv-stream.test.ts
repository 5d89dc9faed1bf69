import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { createApiApp } from "@/server/api/app";
import { captureLogs } from "@/server/log";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { csvFailureMarker, csvResponse } from "./csv-stream";
import { bearer } from "./testing";

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
