import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/server/db/schema/identity";
import { auditLog } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, TEST_PASSWORD, uniqueEmail } from "@/server/testing/fixtures";
import { checkPassword, completeSignIn } from "./sign-in";
import { totpCode } from "./totp";

const database = withTestDatabase({ install: false });

async function entriesOf(orgId: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.orgId, orgId))
    .orderBy(asc(auditLog.createdAt));
}

describe("sign-in in the audit log", () => {
  it(
    "records a success in the session's transaction, " + "with IP, request id and the session as credential",
    async () => {
      const org = await createTestOrg(database.db);
      const { email, userId } = org.admin;
      const step1 = await checkPassword(database.db, { email, password: TEST_PASSWORD }, "203.0.113.5");
      const code = totpCode(org.admin.totpSecret);
      const signedIn = await completeSignIn(
        database.db,
        { ticket: step1.ticket, code },
        { ip: "203.0.113.5", userAgent: "Test browser", requestId: "req_sign_in_ok" },
      );
      const entries = await entriesOf(org.orgId);
      const [entry] = entries.filter((e) => e.action === "auth.signed_in");
      expect(entry).toMatchObject({
        actorType: "user",
        actorId: userId,
        credentialType: "session",
        credentialId: signedIn.sessionId,
        ip: "203.0.113.5",
        requestId: "req_sign_in_ok",
        targetType: "user",
        targetId: userId,
        detail: { two_factor: true, user_agent: "Test browser" },
      });
      expect(JSON.stringify(entries)).not.toContain(TEST_PASSWORD);
      expect(JSON.stringify(entries)).not.toContain(step1.ticket);
    },
  );

  it(
    "records failures (wrong password, wrong 2FA code, " + "deactivated) with the reason and no secret",
    async () => {
      const org = await createTestOrg(database.db);
      const { email, userId } = org.admin;
      await expect(
        checkPassword(database.db, { email, password: "not the password" }, "203.0.113.9"),
      ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      const step1 = await checkPassword(database.db, { email, password: TEST_PASSWORD }, "203.0.113.9");
      // No code yet: the page asking for it, not a failure.
      await expect(
        completeSignIn(database.db, { ticket: step1.ticket }, { ip: "203.0.113.9" }),
      ).rejects.toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
      const wrong = totpCode(org.admin.totpSecret) === "123456" ? "654321" : "123456";
      await expect(
        completeSignIn(
          database.db,
          { ticket: step1.ticket, code: wrong },
          { ip: "203.0.113.9", requestId: "req_sign_in_2fa" },
        ),
      ).rejects.toMatchObject({ code: "INVALID_2FA_TOKEN" });

      const failures = (await entriesOf(org.orgId)).filter((e) => e.action === "auth.sign_in_failed");
      expect(failures).toHaveLength(2);
      expect(failures[0]).toMatchObject({
        actorId: userId,
        targetType: "user",
        targetId: userId,
        ip: "203.0.113.9",
        requestId: expect.stringMatching(/^req_/),
        detail: { reason: "wrong_password", step: "password" },
      });
      expect(failures[1]).toMatchObject({
        requestId: "req_sign_in_2fa",
        detail: { reason: "wrong_2fa_code", step: "2fa" },
      });
      const text = JSON.stringify(failures);
      for (const secret of ["not the password", wrong, step1.ticket]) expect(text).not.toContain(secret);
    },
  );

  it("records a deactivated member's attempt; an unknown address writes nothing", async () => {
    const org = await createTestOrg(database.db);
    const op = await org.user("operator");
    await database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, op.userId));
    await expect(
      checkPassword(database.db, { email: op.email, password: TEST_PASSWORD }, "203.0.113.10"),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(
      checkPassword(database.db, { email: uniqueEmail("nobody"), password: TEST_PASSWORD }, "203.0.113.10"),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, "auth.sign_in_failed")));
    expect(entries).toEqual([
      expect.objectContaining({ actorId: op.userId, detail: { reason: "deactivated", step: "password" } }),
    ]);
  });
});
