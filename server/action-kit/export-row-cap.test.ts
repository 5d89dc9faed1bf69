import { describe, expect, it, vi } from "vitest";
import { GET as exportTransactions } from "@/app/(dashboard)/transactions/export/route";
import { setEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { seedDemo } from "@/server/cli/seed-demo";
import { csvTruncatedMarker } from "@/server/http/csv-stream";
import { signInDashboard } from "@/server/testing/dashboard";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";

// The dashboard session (next-auth) is the one thing not available here: the test signs a user in.
vi.mock("./session", () => ({ getOptionalSession: vi.fn() }));

const database = withTestDatabase();

describe("the Transactions page's CSV export has the row cap of every export", () => {
  it("ends after CSV_EXPORT_MAX_ROWS rows with the #EXPORT_TRUNCATED line", async () => {
    const org = await createTestOrg(database.db);
    await seedDemo(database.db, { customers: 30, transactions: 20, orgId: org.orgId });
    const viewer = await org.user("viewer");
    const ctx = userCtx(database.db, org.orgId, viewer, { sessionId: newId("tok"), twoFactorEnabled: false });
    signInDashboard(ctx);
    setEnvForTests({ CSV_EXPORT_MAX_ROWS: "7" });
    try {
      const res = await exportTransactions(new Request("http://console.test/transactions/export"));
      expect(res.status).toBe(200);
      const lines = (await res.text()).split("\r\n").filter(Boolean);
      expect(lines[0]).toMatch(/^transaction_id,/);
      expect(lines).toHaveLength(1 + 7 + 1);
      expect(lines.at(-1)).toBe(csvTruncatedMarker(7).trim());
    } finally {
      setEnvForTests({ CSV_EXPORT_MAX_ROWS: undefined });
    }
  });
});
