import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oneTimeCodes } from "@/server/db/schema/cards";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { allowResend, expireCode, refusal, wrongCode } from "@/server/testing/onboarding";
import { consumeOneTimeCode, issueOneTimeCode, transactionKeepingTries } from "./one-time-codes";

const database = withTestDatabase();

async function target(purpose: "email_verification" | "phone_verification" = "email_verification") {
  const db = database.db;
  const { orgId } = await createTestOrg(db);
  const customer = await createReadyCustomer(db, orgId);
  return { db, orgId, customerId: customer.id, purpose, target: customer.email };
}

async function rowOf(customerId: string, purpose: string) {
  const [row] = await database.db
    .select()
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.customerId, customerId), eq(oneTimeCodes.purpose, purpose as "email_verification")),
    );
  return row!;
}

describe("one-time codes", () => {
  it("issues 6 random digits valid for 10 minutes and stores only a keyed hash", async () => {
    const t = await target();
    const before = Date.now();
    const { code, expiresAt } = await issueOneTimeCode(t.db, t);
    expect(code).toMatch(/^\d{6}$/);
    expect(expiresAt.getTime() - before).toBeGreaterThan(595_000);
    expect(expiresAt.getTime() - before).toBeLessThan(605_000);
    const row = await rowOf(t.customerId, t.purpose);
    expect(row).toMatchObject({ target: t.target, attempts: 0, consumedAt: null, orgId: t.orgId });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it("a right code is spent once; a used code reads as expired", async () => {
    const t = await target();
    const { code } = await issueOneTimeCode(t.db, t);
    await consumeOneTimeCode(t.db, { ...t, code });
    expect((await rowOf(t.customerId, t.purpose)).consumedAt).not.toBeNull();
    const again = await refusal(consumeOneTimeCode(t.db, { ...t, code }));
    expect(again.code).toBe("INVALID_OTP");
    expect(again.message).toMatch(/expired.*request a new code/i);
  });

  it(
    "counts wrong tries: 4 say how many are left, the 5th and every later " +
      "try (even the right code) are OTP_LOCKED",
    async () => {
      const t = await target();
      const { code } = await issueOneTimeCode(t.db, t);
      const bad = wrongCode(code);
      for (const left of [4, 3, 2, 1]) {
        const e = await refusal(consumeOneTimeCode(t.db, { ...t, code: bad }));
        expect(e.code).toBe("INVALID_OTP");
        expect(e.status).toBe(422);
        expect(e.message).toContain(`${left} ${left === 1 ? "try" : "tries"} left`);
      }
      const fifth = await refusal(consumeOneTimeCode(t.db, { ...t, code: bad }));
      expect(fifth.code).toBe("OTP_LOCKED");
      expect(fifth.status).toBe(429);
      expect(fifth.retryAfter).toBeGreaterThanOrEqual(1);
      expect(fifth.retryAfter).toBeLessThanOrEqual(30);
      const right = await refusal(consumeOneTimeCode(t.db, { ...t, code }));
      expect(right.code).toBe("OTP_LOCKED");
      // A new code (once the resend throttle allows) lifts the lock.
      await allowResend(t.db, t.customerId, t.purpose);
      const fresh = await issueOneTimeCode(t.db, t);
      expect((await rowOf(t.customerId, t.purpose)).attempts).toBe(0);
      await consumeOneTimeCode(t.db, { ...t, code: fresh.code });
    },
  );

  it(
    "concurrent wrong tries each get their own count: exactly 4 " + "INVALID_OTP, the rest OTP_LOCKED",
    async () => {
      const t = await target();
      const { code } = await issueOneTimeCode(t.db, t);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => refusal(consumeOneTimeCode(t.db, { ...t, code: wrongCode(code) }))),
      );
      expect(results.filter((e) => e.code === "INVALID_OTP")).toHaveLength(4);
      expect(results.filter((e) => e.code === "OTP_LOCKED")).toHaveLength(4);
      expect((await rowOf(t.customerId, t.purpose)).attempts).toBe(8);
    },
  );

  it(
    "an expired code, or none at all, is INVALID_OTP asking for a new code " + "(and no try is counted)",
    async () => {
      const t = await target();
      const none = await refusal(consumeOneTimeCode(t.db, { ...t, code: "123456" }));
      expect(none.code).toBe("INVALID_OTP");
      expect(none.message).toMatch(/request a new code/i);
      const { code } = await issueOneTimeCode(t.db, t);
      await expireCode(t.db, t.customerId, t.purpose);
      const expired = await refusal(consumeOneTimeCode(t.db, { ...t, code }));
      expect(expired.code).toBe("INVALID_OTP");
      expect(expired.message).toMatch(/expired/i);
      expect((await rowOf(t.customerId, t.purpose)).attempts).toBe(0);
    },
  );

  it("a new code replaces the previous one; codes of another purpose or customer are separate", async () => {
    const t = await target();
    const first = await issueOneTimeCode(t.db, t);
    await allowResend(t.db, t.customerId, t.purpose);
    const second = await issueOneTimeCode(t.db, t);
    if (first.code !== second.code)
      expect((await refusal(consumeOneTimeCode(t.db, { ...t, code: first.code }))).code).toBe("INVALID_OTP");
    const phone = await issueOneTimeCode(t.db, {
      ...t,
      purpose: "phone_verification",
      target: "+447700900123",
    });
    const other = await target();
    expect((await refusal(consumeOneTimeCode(t.db, { ...other, code: second.code }))).code).toBe(
      "INVALID_OTP",
    );
    await consumeOneTimeCode(t.db, { ...t, code: second.code });
    await consumeOneTimeCode(t.db, { ...t, purpose: "phone_verification", code: phone.code });
  });

  it("throttles sending: one code per 30 s (RATE_LIMITED with Retry-After), ten an hour", async () => {
    const t = await target();
    await issueOneTimeCode(t.db, t);
    const soon = await refusal(issueOneTimeCode(t.db, t));
    expect(soon.code).toBe("RATE_LIMITED");
    expect(soon.status).toBe(429);
    expect(soon.retryAfter).toBeGreaterThanOrEqual(25);
    expect(soon.retryAfter).toBeLessThanOrEqual(30);
    for (let i = 2; i <= 10; i++) {
      await allowResend(t.db, t.customerId, t.purpose);
      await issueOneTimeCode(t.db, t);
    }
    await allowResend(t.db, t.customerId, t.purpose);
    const eleventh = await refusal(issueOneTimeCode(t.db, t));
    expect(eleventh.code).toBe("RATE_LIMITED");
    expect(eleventh.message).toMatch(/10 codes an hour/);
    // The refused code left the current one in place.
    expect((await rowOf(t.customerId, t.purpose)).createdAt.getTime()).toBeLessThan(Date.now() - 30_000);
  });

  it("transactionKeepingTries commits the counted try and rethrows; other errors roll back", async () => {
    const t = await target();
    const { code } = await issueOneTimeCode(t.db, t);
    const e = await refusal(
      transactionKeepingTries(t.db, (tx) => consumeOneTimeCode(tx, { ...t, code: wrongCode(code) })),
    );
    expect(e.code).toBe("INVALID_OTP");
    expect((await rowOf(t.customerId, t.purpose)).attempts).toBe(1);
    await expect(
      transactionKeepingTries(t.db, async (tx) => {
        await tx
          .update(oneTimeCodes)
          .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
          .where(eq(oneTimeCodes.customerId, t.customerId));
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect((await rowOf(t.customerId, t.purpose)).attempts).toBe(1);
  });
});
