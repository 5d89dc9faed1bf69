import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/server/db/schema/identity";
import { withTestDatabase } from "@/server/testing/database";
import { uniqueEmail } from "@/server/testing/fixtures";
import { checkPassword, completeSignIn } from "./sign-in";
import { totpCode } from "./totp";
import { createOrganizationWithAdmin } from "./users";

const database = withTestDatabase({ install: false });

async function admin() {
  const email = uniqueEmail("admin");
  const { orgId, admin } = await createOrganizationWithAdmin(database.db, {
    name: "Test program",
    adminEmail: email,
    adminPassword: "correct horse battery",
  });
  return { orgId, email, userId: admin.userId, secret: admin.totpSecret! };
}

describe("sign-in with 2FA", () => {
  it("needs the password, then a current code, and refuses the same code twice", async () => {
    const a = await admin();
    const step1 = await checkPassword(
      database.db,
      { email: a.email.toUpperCase(), password: "correct horse battery" },
      "10.0.0.1",
    );
    expect(step1.twoFactorRequired).toBe(true);
    await expect(completeSignIn(database.db, { ticket: step1.ticket })).rejects.toMatchObject({
      code: "TWO_FACTOR_REQUIRED",
    });
    await expect(
      completeSignIn(database.db, {
        ticket: step1.ticket,
        code: "000000" === totpCode(a.secret) ? "111111" : "000000",
      }),
    ).rejects.toMatchObject({ code: "INVALID_2FA_TOKEN" });
    const code = totpCode(a.secret);
    const user = await completeSignIn(database.db, { ticket: step1.ticket, code });
    expect(user).toMatchObject({ id: a.userId, orgId: a.orgId, role: "admin" });
    // The ticket is single use.
    await expect(completeSignIn(database.db, { ticket: step1.ticket, code })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    // A new ticket with the code already used: replay.
    const step2 = await checkPassword(
      database.db,
      { email: a.email, password: "correct horse battery" },
      "10.0.0.1",
    );
    await expect(completeSignIn(database.db, { ticket: step2.ticket, code })).rejects.toMatchObject({
      code: "INVALID_2FA_TOKEN",
      message: expect.stringContaining("already used"),
    });
  });

  it("refuses a wrong password and an unknown email alike", async () => {
    const a = await admin();
    await expect(
      checkPassword(database.db, { email: a.email, password: "wrong password" }, "10.0.0.2"),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: "Email or password is incorrect." });
    await expect(
      checkPassword(database.db, { email: uniqueEmail("nobody"), password: "whatever" }, "10.0.0.2"),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: "Email or password is incorrect." });
  });

  it("locks 2FA after 5 wrong codes, even for the right code, for 15 minutes", async () => {
    const a = await admin();
    const { ticket } = await checkPassword(
      database.db,
      { email: a.email, password: "correct horse battery" },
      "10.0.0.3",
    );
    const wrong = totpCode(a.secret) === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++)
      await expect(completeSignIn(database.db, { ticket, code: wrong })).rejects.toMatchObject({
        code: "INVALID_2FA_TOKEN",
      });
    const locked = completeSignIn(database.db, { ticket, code: totpCode(a.secret) });
    await expect(locked).rejects.toMatchObject({ code: "TWO_FACTOR_LOCKED", status: 429 });
    await locked.catch((e) => expect(e.retryAfter).toBeGreaterThan(800));
    const [row] = await database.db.select().from(users).where(eq(users.id, a.userId));
    expect(row!.totpLockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it("rate limits password attempts per email", async () => {
    const a = await admin();
    for (let i = 0; i < 10; i++)
      await expect(
        checkPassword(database.db, { email: a.email, password: "nope nope nope" }, `10.1.0.${i}`),
      ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(
      checkPassword(database.db, { email: a.email, password: "correct horse battery" }, "10.1.1.1"),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
  });

  it("stores the TOTP secret encrypted, never in clear", async () => {
    const a = await admin();
    const [row] = await database.db.select().from(users).where(eq(users.id, a.userId));
    expect(row!.totpSecretEnc).toMatch(/^v1\./);
    expect(row!.totpSecretEnc).not.toContain(a.secret);
  });
});
