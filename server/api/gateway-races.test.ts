import { describe, expect, it } from "vitest";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

/**
 * Issue 23, "more of the same kind": funds arriving at one gateway payment at once each count once.
 * Two top-ups of an underpaid payment used to read the same total, and the second overwrote the
 * first's (settled_amount short of what arrived). On Postgres the requests really run in parallel.
 */
describe("crypto gateway arrivals at once", () => {
  it("20 arrivals of 1 at a payment of 10: the accepted ones add up to settled_amount", async () => {
    const org = await createTestOrg(database.db);
    const auth = bearer(await org.token(org.admin.userId));
    const call = async (path: string, body: unknown) => {
      const res = await app.request(path, postJson(body, auth));
      return {
        status: res.status,
        body: (await res.json()) as { error_code?: string; data: Record<string, unknown> },
      };
    };
    const created = await call("/api/v1/sandbox/crypto-gateway/payments", {
      title: "Invoice",
      requested_amount: 10,
    });
    const id = created.body.data.payment_id as string;
    const pay = () =>
      call(`/api/v1/sandbox/crypto-gateway/payments/${id}/pay`, {
        asset_code: "USDC",
        network: "base",
        amount: 1,
      });
    // An underpaid payment first, so that every arrival below is a top-up.
    expect((await pay()).body.data.status).toBe("underpaid");
    const answers = await Promise.all(Array.from({ length: 20 }, pay));
    const accepted = answers.filter((a) => a.status === 200);
    expect(accepted).toHaveLength(9);
    expect(answers.filter((a) => a.body.error_code === "CONFLICT")).toHaveLength(11);
    const res = await app.request(`/api/v1/crypto-gateway/payments/${id}`, { headers: auth });
    const payment = ((await res.json()) as { data: { status: string; settled_amount: number } }).data;
    expect(payment).toMatchObject({ status: "paid", settled_amount: 10 });
  });
});
