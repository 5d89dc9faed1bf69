import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { recordAudit } from "./audit";

const database = withTestDatabase({ install: false });

async function oneEntry() {
  const org = await createTestOrg(database.db);
  const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" }, { sessionId: "ses_test" });
  await recordAudit(
    { ...ctx, ip: "198.51.100.4", requestId: "req_append_only" },
    { action: "test.changed", targetType: "thing", targetId: "t1", before: { a: 1 }, after: { a: 2 } },
  );
  const [row] = await database.db.select().from(auditLog).where(eq(auditLog.orgId, org.orgId));
  return { org, row: row! };
}

/** The message of a refused statement, whichever driver threw it. */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ""} ${e.cause?.message ?? ""}`;
  }
  return "not refused";
}

describe("the audit log", () => {
  it("records actor, credential, IP, request id and before/after", async () => {
    const { org, row } = await oneEntry();
    expect(row).toMatchObject({
      actorType: "user",
      actorId: org.admin.userId,
      credentialType: "session",
      credentialId: "ses_test",
      ip: "198.51.100.4",
      requestId: "req_append_only",
      before: { a: 1 },
      after: { a: 2 },
    });
  });

  it("refuses UPDATE, DELETE and TRUNCATE in the database itself", async () => {
    const { org, row } = await oneEntry();
    const { db } = database;
    expect(
      await refusal(() => db.update(auditLog).set({ action: "x" }).where(eq(auditLog.id, row.id))),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(() => db.delete(auditLog).where(eq(auditLog.id, row.id)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(() => db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    const [still] = await db.select().from(auditLog).where(eq(auditLog.orgId, org.orgId));
    expect(still).toMatchObject({ id: row.id, action: "test.changed" });
  });

  it("is written in the transaction of the change: a rolled-back change leaves no entry", async () => {
    const org = await createTestOrg(database.db);
    const ctx = userCtx(database.db, org.orgId, { ...org.admin, role: "admin" });
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit({ ...ctx, db: tx }, { action: "test.rolled_back" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await database.db.select().from(auditLog).where(eq(auditLog.orgId, org.orgId))).toHaveLength(0);
  });
});
