import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { checkPassword } from "@/server/auth/sign-in";
import { users } from "@/server/db/schema/identity";
import { auditLog } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, TEST_PASSWORD } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

/** What @hono/node-server passes as c.env: the socket is where the client address comes from. */
function fromSocket(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: "IPv4" } } };
}

/** An address of this run alone: the limits live in the database, which a Postgres run shares. */
function freshIp(): string {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

function changePassword(token: string, current: string, ip?: string) {
  return app.request(
    "/api/v1/me/password",
    {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ current_password: current, new_password: "a brand new password" }),
    },
    ip ? fromSocket(ip) : undefined,
  );
}

describe("POST /api/v1/me/password (issue 23, defect 7)", () => {
  it(
    "a wrong current password is audited each time; past the sign-in limit of the account the " +
      "answer is 429 RATE_LIMITED with Retry-After, for the right password too",
    async () => {
      const org = await createTestOrg(database.db);
      const operator = await org.user("operator");
      const token = await org.token(operator.userId);
      const [before] = await database.db.select().from(users).where(eq(users.id, operator.userId));

      for (let i = 0; i < 10; i++) {
        const res = await changePassword(token, `wrong guess ${i}`);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error_code: "VALIDATION_ERROR" });
      }
      const limited = await changePassword(token, TEST_PASSWORD);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({ success: false, error_code: "RATE_LIMITED" });
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
      const [after] = await database.db.select().from(users).where(eq(users.id, operator.userId));
      expect(after!.passwordHash).toBe(before!.passwordHash);

      const entries = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.orgId, org.orgId), eq(auditLog.action, "user.password_change_failed")));
      expect(entries).toHaveLength(10);
      expect(entries[0]).toMatchObject({
        actorId: operator.userId,
        targetType: "user",
        targetId: operator.userId,
        credentialType: "user_token",
        detail: { reason: "wrong_current_password" },
      });
      expect(JSON.stringify(entries)).not.toContain("wrong guess");

      // The sign-in page has no more guesses for this account either: one limit, one count.
      await expect(
        checkPassword(database.db, { email: operator.email, password: TEST_PASSWORD }, freshIp()),
      ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    },
  );

  it("shares the per-IP count with the sign-in and the token exchange", async () => {
    const org = await createTestOrg(database.db);
    const viewer = await org.user("viewer");
    const token = await org.token(viewer.userId);
    const ip = freshIp();
    // 50 attempts from one address, at API keys that do not exist (each key under its own limit).
    for (let i = 0; i < 50; i++) {
      const res = await app.request(
        "/api/apikey/token",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ api_key: `pk_test_${randomBase62(24)}`, api_secret: "sk_test_nope" }),
        },
        fromSocket(ip),
      );
      expect(res.status).toBe(401);
    }
    const limited = await changePassword(token, TEST_PASSWORD, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // From another address the same call goes through.
    const elsewhere = await changePassword(token, TEST_PASSWORD, freshIp());
    expect(elsewhere.status).toBe(200);
  });
});
