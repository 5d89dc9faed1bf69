import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import type { Ctx } from "@/server/context";
import { cardCustomers, oneTimeCodes } from "@/server/db/schema/cards";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { allowResend, lastCode, messagesTo, refusal, walkTo, wrongCode } from "@/server/testing/onboarding";
import { getMyAccount } from "../my-account";
import { resolveCardholderSession } from "./session";
import { CARDHOLDER_CODE_LIMITS, requestCardholderCode, verifyCardholderCode } from "./sign-in";

const database = withTestDatabase();

/** Each test its own client address, so the per-IP limit of one test does not touch another. */
const newIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomBase62(6)}`;

async function program() {
  const org = await createTestOrg(database.db);
  const system: Ctx = { db: database.db, orgId: org.orgId, actor: { type: "system", reason: "test" } };
  return { orgId: org.orgId, system };
}

async function customerByEmail(orgId: string, email: string) {
  const [row] = await database.db
    .select()
    .from(cardCustomers)
    .where(and(eq(cardCustomers.orgId, orgId), eq(cardCustomers.email, email)));
  return row;
}

describe("cardholder sign-in", () => {
  it(
    "a new email starts own-account onboarding; its step-1 code completes " +
      "step 1 and signs the cardholder in",
    async () => {
      const { orgId } = await program();
      const email = uniqueEmail("new");
      expect(
        await requestCardholderCode({
          db: database.db,
          orgId,
          email: `  ${email.toUpperCase()} `,
          ip: newIp(),
        }),
      ).toEqual({ sent: true });
      const created = await customerByEmail(orgId, email);
      expect(created).toMatchObject({
        origin: "own",
        flowStatus: "email_verification",
        step: 1,
        emailVerifiedAt: null,
      });
      const [message] = await messagesTo(database.db, orgId, email);
      expect(message?.subject).toMatch(/verification code/i);

      const signedIn = await verifyCardholderCode({
        db: database.db,
        orgId,
        email,
        code: await lastCode(database.db, orgId, email),
      });
      expect(signedIn).toMatchObject({ svcCardId: created!.svcCardId, flowStatus: "identity_verification" });
      expect(await resolveCardholderSession(database.db, signedIn.token)).toEqual({
        orgId,
        customerId: created!.id,
      });
      expect((await customerByEmail(orgId, email))!.emailVerifiedAt).not.toBeNull();
      const ctx: Ctx = { db: database.db, orgId, actor: { type: "cardholder", customerId: created!.id } };
      expect(await getMyAccount({ ctx })).toMatchObject({
        svc_card_id: created!.svcCardId,
        step: 2,
        flow_status: "identity_verification",
      });
    },
  );

  it(
    "a customer past step 1 gets a sign-in code, which signs them in once; " +
      "the answer is the same as for a new email",
    async () => {
      const { orgId, system } = await program();
      const email = uniqueEmail("known");
      const known = await walkTo(system, "source_of_funds", { email });
      const before = (await messagesTo(database.db, orgId, email)).length;
      expect(await requestCardholderCode({ db: database.db, orgId, email, ip: newIp() })).toEqual({
        sent: true,
      });
      const messages = await messagesTo(database.db, orgId, email);
      expect(messages).toHaveLength(before + 1);
      expect(messages[0]!.subject).toMatch(/sign-in code/i);
      const [codeRow] = await database.db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.customerId, known.id), eq(oneTimeCodes.purpose, "cardholder_sign_in")));
      expect(codeRow).toMatchObject({ target: email, consumedAt: null });

      const code = await lastCode(database.db, orgId, email);
      const signedIn = await verifyCardholderCode({ db: database.db, orgId, email, code });
      expect(signedIn).toMatchObject({ svcCardId: known.svcCardId, flowStatus: "source_of_funds" });
      expect(await resolveCardholderSession(database.db, signedIn.token)).toEqual({
        orgId,
        customerId: known.id,
      });
      // Onboarding did not move, and the code is spent.
      expect((await customerByEmail(orgId, email))!.step).toBe(3);
      expect((await refusal(verifyCardholderCode({ db: database.db, orgId, email, code }))).code).toBe(
        "INVALID_OTP",
      );
    },
  );

  it(
    "a customer still at step 1 asking again gets a fresh step-1 code (the " + "old one stops working)",
    async () => {
      const { orgId } = await program();
      const email = uniqueEmail("again");
      const ip = newIp();
      await requestCardholderCode({ db: database.db, orgId, email, ip });
      const first = await lastCode(database.db, orgId, email);
      const customer = (await customerByEmail(orgId, email))!;
      // Within 30 seconds the code's own throttle refuses another.
      expect((await refusal(requestCardholderCode({ db: database.db, orgId, email, ip }))).code).toBe(
        "RATE_LIMITED",
      );
      await allowResend(database.db, customer.id, "email_verification");
      await requestCardholderCode({ db: database.db, orgId, email, ip });
      const second = await lastCode(database.db, orgId, email);
      expect(await messagesTo(database.db, orgId, email)).toHaveLength(2);
      if (first !== second)
        expect(
          (await refusal(verifyCardholderCode({ db: database.db, orgId, email, code: first }))).code,
        ).toBe("INVALID_OTP");
      const signedIn = await verifyCardholderCode({ db: database.db, orgId, email, code: second });
      expect(signedIn.flowStatus).toBe("identity_verification");
    },
  );

  it(
    "wrong codes are refused and counted: the 5th locks the code; an " +
      "unknown email gets the same INVALID_OTP",
    async () => {
      const { orgId, system } = await program();
      const email = uniqueEmail("wrong");
      await walkTo(system, "identity_verification", { email });
      await requestCardholderCode({ db: database.db, orgId, email, ip: newIp() });
      const code = await lastCode(database.db, orgId, email);
      for (let i = 1; i <= 4; i++) {
        const err = await refusal(
          verifyCardholderCode({ db: database.db, orgId, email, code: wrongCode(code) }),
        );
        expect(err.code).toBe("INVALID_OTP");
        expect(err.message).toContain(`${5 - i} tr`);
      }
      expect(
        (await refusal(verifyCardholderCode({ db: database.db, orgId, email, code: wrongCode(code) }))).code,
      ).toBe("OTP_LOCKED");
      expect((await refusal(verifyCardholderCode({ db: database.db, orgId, email, code }))).code).toBe(
        "OTP_LOCKED",
      );

      const unknown = await refusal(
        verifyCardholderCode({ db: database.db, orgId, email: uniqueEmail("nobody"), code: "123456" }),
      );
      expect(unknown.code).toBe("INVALID_OTP");
      await expect(
        verifyCardholderCode({ db: database.db, orgId, email, code: "12345" }),
      ).rejects.toMatchObject({ name: "ZodError" });
    },
  );

  it("a wrong step-1 code leaves the customer at step 1 and is counted too", async () => {
    const { orgId } = await program();
    const email = uniqueEmail("step1");
    await requestCardholderCode({ db: database.db, orgId, email, ip: newIp() });
    const code = await lastCode(database.db, orgId, email);
    const err = await refusal(verifyCardholderCode({ db: database.db, orgId, email, code: wrongCode(code) }));
    expect(err.code).toBe("INVALID_OTP");
    expect(err.message).toContain("4 tries left");
    expect(await customerByEmail(orgId, email)).toMatchObject({ step: 1, emailVerifiedAt: null });
  });

  it("code requests are rate limited per email and per client IP (RATE_LIMITED with a wait)", async () => {
    const { orgId, system } = await program();
    const email = uniqueEmail("limited");
    const known = await walkTo(system, "identity_verification", { email });
    for (let i = 0; i < CARDHOLDER_CODE_LIMITS.perEmail; i++) {
      await allowResend(database.db, known.id, "cardholder_sign_in");
      await requestCardholderCode({ db: database.db, orgId, email, ip: newIp() });
    }
    await allowResend(database.db, known.id, "cardholder_sign_in");
    const perEmail = await refusal(requestCardholderCode({ db: database.db, orgId, email, ip: newIp() }));
    expect(perEmail.code).toBe("RATE_LIMITED");
    expect(perEmail.retryAfter).toBeGreaterThan(0);

    const ip = newIp();
    for (let i = 0; i < CARDHOLDER_CODE_LIMITS.perIp; i++)
      await requestCardholderCode({ db: database.db, orgId, email: uniqueEmail("ip"), ip });
    const perIp = await refusal(
      requestCardholderCode({ db: database.db, orgId, email: uniqueEmail("ip"), ip }),
    );
    expect(perIp.code).toBe("RATE_LIMITED");
  });

  it(
    "another organization: its customers, codes and sessions are its own; " +
      "an unknown organization is NOT_FOUND",
    async () => {
      const a = await program();
      const b = await program();
      const email = uniqueEmail("both");
      await requestCardholderCode({ db: database.db, orgId: a.orgId, email, ip: newIp() });
      const codeOfA = await lastCode(database.db, a.orgId, email);
      // The code of program A means nothing in program B, where this email has no account.
      expect(
        (await refusal(verifyCardholderCode({ db: database.db, orgId: b.orgId, email, code: codeOfA }))).code,
      ).toBe("INVALID_OTP");
      // In B the same email starts its own, separate account.
      await requestCardholderCode({ db: database.db, orgId: b.orgId, email, ip: newIp() });
      const inA = (await customerByEmail(a.orgId, email))!;
      const inB = (await customerByEmail(b.orgId, email))!;
      expect(inB.id).not.toBe(inA.id);
      const session = await verifyCardholderCode({
        db: database.db,
        orgId: b.orgId,
        email,
        code: await lastCode(database.db, b.orgId, email),
      });
      expect(await resolveCardholderSession(database.db, session.token)).toEqual({
        orgId: b.orgId,
        customerId: inB.id,
      });
      expect((await customerByEmail(a.orgId, email))!.emailVerifiedAt).toBeNull();

      const missing = "org_doesnotexist000000";
      expect(
        (await refusal(requestCardholderCode({ db: database.db, orgId: missing, email, ip: newIp() }))).code,
      ).toBe("NOT_FOUND");
      expect(
        (await refusal(verifyCardholderCode({ db: database.db, orgId: missing, email, code: codeOfA }))).code,
      ).toBe("NOT_FOUND");
    },
  );
});
