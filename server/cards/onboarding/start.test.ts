import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { oneTimeCodes } from "@/server/db/schema/cards";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import {
  allowResend,
  customerOf,
  expireCode,
  lastCode,
  messagesTo,
  refusal,
  walkTo,
  wrongCode,
} from "@/server/testing/onboarding";
import { createIssuerCustomer, resendEmailCode, startOnboarding } from "./start";
import { verifyEmailOtp } from "./verify-email";

const database = withTestDatabase();

async function program() {
  const db = database.db;
  const org = await createTestOrg(db);
  const ctx = userCtx(db, org.orgId, org.admin);
  return { db, org, ctx, orgId: org.orgId };
}

const cardholder = (ctx: Ctx, customerId: string): Ctx => ({
  ...ctx,
  actor: { type: "cardholder", customerId },
});

describe("onboarding start (step 1)", () => {
  it("creates an own-account customer with the email lower-cased and emails a 6-digit code", async () => {
    const { db, ctx, orgId } = await program();
    const email = uniqueEmail("Start").replace("start", "StArT");
    const before = Date.now();
    const started = await startOnboarding({ ctx, input: { email: `  ${email} ` } });
    expect(Object.keys(started).sort()).toEqual([
      "code_expires_at",
      "email",
      "external_id",
      "flow_status",
      "metadata",
      "next_action",
      "step",
      "svc_card_id",
    ]);
    expect(started).toMatchObject({
      email: email.toLowerCase(),
      external_id: null,
      step: 1,
      flow_status: "email_verification",
      next_action: "Verify the email address with the 6-digit code sent to it.",
    });
    expect(started.svc_card_id).toMatch(/^sc_/);
    expect(new Date(started.code_expires_at).getTime() - before).toBeGreaterThan(590_000);
    const row = await customerOf(db, started.svc_card_id);
    expect(row).toMatchObject({
      origin: "own",
      orgId,
      email: email.toLowerCase(),
      kycStatus: "pending",
      safeState: "not_deployed",
    });
    const mail = await messagesTo(db, orgId, email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: "email", subject: "Your verification code" });
    expect(mail[0]!.body).toMatch(/\b\d{6}\b/);
  });

  it("the system (cardholder pages) may start; a cardholder may not; a viewer may not", async () => {
    const { ctx, org, db } = await program();
    const system: Ctx = { ...ctx, actor: { type: "system", reason: "cardholder pages" } };
    const started = await startOnboarding({ ctx: system, input: { email: uniqueEmail("sys") } });
    const row = await customerOf(db, started.svc_card_id);
    expect(
      (await refusal(startOnboarding({ ctx: cardholder(ctx, row.id), input: { email: uniqueEmail("ch") } })))
        .code,
    ).toBe("INSUFFICIENT_PERMISSION");
    const viewer = userCtx(db, org.orgId, await org.user("viewer"));
    const e = await refusal(startOnboarding({ ctx: viewer, input: { email: uniqueEmail("v") } }));
    expect(e.code).toBe("INSUFFICIENT_PERMISSION");
    expect(e.status).toBe(403);
    expect(
      (
        await refusal(
          createIssuerCustomer({ ctx: viewer, input: { email: uniqueEmail("v"), external_id: "x-1" } }),
        )
      ).code,
    ).toBe("INSUFFICIENT_PERMISSION");
    expect(
      (
        await refusal(
          createIssuerCustomer({
            ctx: cardholder(ctx, row.id),
            input: { email: uniqueEmail("ch"), external_id: "x-2" },
          }),
        )
      ).code,
    ).toBe("INSUFFICIENT_PERMISSION");
  });

  it("B2B: createIssuerCustomer starts the same flow with origin issuer and the external_id", async () => {
    const { db, ctx, orgId } = await program();
    const email = uniqueEmail("b2b");
    const started = await createIssuerCustomer({ ctx, input: { email, external_id: "acme-42" } });
    expect(started).toMatchObject({
      email,
      external_id: "acme-42",
      step: 1,
      flow_status: "email_verification",
    });
    expect(await customerOf(db, started.svc_card_id)).toMatchObject({
      origin: "issuer",
      externalId: "acme-42",
    });
    expect(await lastCode(db, orgId, email)).toMatch(/^\d{6}$/);
  });

  it(
    "EMAIL_IN_USE: an email or external_id of a customer past step 1, or a " +
      "step-1 email under another external_id",
    async () => {
      const { ctx } = await program();
      const email = uniqueEmail("taken");
      const verified = await walkTo(ctx, "identity_verification", { email });
      const again = await refusal(startOnboarding({ ctx, input: { email: email.toUpperCase() } }));
      expect(again.code).toBe("EMAIL_IN_USE");
      expect(again.status).toBe(409);
      expect(
        (await refusal(createIssuerCustomer({ ctx, input: { email, external_id: "new-ref" } }))).code,
      ).toBe("EMAIL_IN_USE");

      const b2b = await createIssuerCustomer({
        ctx,
        input: { email: uniqueEmail("b2b"), external_id: "ref-1" },
      });
      const sameRef = await refusal(
        createIssuerCustomer({ ctx, input: { email: uniqueEmail("other"), external_id: "ref-1" } }),
      );
      expect(sameRef.code).toBe("EMAIL_IN_USE");
      expect(sameRef.message).toMatch(/external_id/);
      const otherRef = await refusal(
        createIssuerCustomer({ ctx, input: { email: b2b.email, external_id: "ref-2" } }),
      );
      expect(otherRef.code).toBe("EMAIL_IN_USE");
      expect(verified.flowStatus).toBe("identity_verification");
    },
  );

  it(
    "starting again while still at step 1 returns the same customer with a " +
      "fresh code (the old one stops working)",
    async () => {
      const { db, ctx, orgId } = await program();
      const email = uniqueEmail("again");
      const first = await startOnboarding({ ctx, input: { email } });
      const firstCode = await lastCode(db, orgId, email);
      // Within 30 s of the previous code: throttled.
      const throttled = await refusal(startOnboarding({ ctx, input: { email } }));
      expect(throttled.code).toBe("RATE_LIMITED");
      expect(throttled.retryAfter).toBeGreaterThan(0);
      const row = await customerOf(db, first.svc_card_id);
      await allowResend(db, row.id, "email_verification");
      const second = await createIssuerCustomer({ ctx, input: { email, external_id: "late-ref" } });
      expect(second.svc_card_id).toBe(first.svc_card_id);
      // The external_id is attached; the customer keeps its origin.
      expect(await customerOf(db, first.svc_card_id)).toMatchObject({
        externalId: "late-ref",
        origin: "own",
      });
      expect(await messagesTo(db, orgId, email)).toHaveLength(2);
      const secondCode = await lastCode(db, orgId, email);
      if (secondCode !== firstCode)
        expect(
          (await refusal(verifyEmailOtp({ ctx, input: { svcCardId: first.svc_card_id, otp: firstCode } })))
            .code,
        ).toBe("INVALID_OTP");
      await verifyEmailOtp({ ctx, input: { svcCardId: first.svc_card_id, otp: secondCode } });
    },
  );

  it("resendEmailCode sends a new code (throttled), refused once the email is verified", async () => {
    const { db, ctx, orgId } = await program();
    const email = uniqueEmail("resend");
    const started = await startOnboarding({ ctx, input: { email } });
    const row = await customerOf(db, started.svc_card_id);
    expect((await refusal(resendEmailCode({ ctx, input: { svcCardId: started.svc_card_id } }))).code).toBe(
      "RATE_LIMITED",
    );
    await allowResend(db, row.id, "email_verification");
    const resent = await resendEmailCode({ ctx, input: { svcCardId: started.svc_card_id } });
    expect(resent).toMatchObject({ svc_card_id: started.svc_card_id, step: 1 });
    expect(await messagesTo(db, orgId, email)).toHaveLength(2);
    await verifyEmailOtp({
      ctx,
      input: { svcCardId: started.svc_card_id, otp: await lastCode(db, orgId, email) },
    });
    await allowResend(db, row.id, "email_verification");
    expect((await refusal(resendEmailCode({ ctx, input: { svcCardId: started.svc_card_id } }))).code).toBe(
      "ONBOARDING_STEP_DONE",
    );
  });
});

describe("verify-otp", () => {
  it("the right code moves the customer to identity verification (step 2)", async () => {
    const { db, ctx, orgId } = await program();
    const email = uniqueEmail("verify");
    const { svc_card_id } = await startOnboarding({ ctx, input: { email } });
    const state = await verifyEmailOtp({
      ctx,
      input: { svcCardId: svc_card_id, otp: await lastCode(db, orgId, email) },
    });
    expect(state).toEqual({
      svc_card_id,
      step: 2,
      flow_status: "identity_verification",
      next_action: "Complete identity verification on the hosted KYC page.",
    });
    expect((await customerOf(db, svc_card_id)).emailVerifiedAt).not.toBeNull();
    const done = await refusal(verifyEmailOtp({ ctx, input: { svcCardId: svc_card_id, otp: "123456" } }));
    expect(done.code).toBe("ONBOARDING_STEP_DONE");
    expect(done.status).toBe(409);
  });

  it(
    "wrong codes are counted although the step fails; the 5th is " + "OTP_LOCKED; a new code unlocks",
    async () => {
      const { db, ctx, orgId } = await program();
      const email = uniqueEmail("wrong");
      const { svc_card_id } = await startOnboarding({ ctx, input: { email } });
      const code = await lastCode(db, orgId, email);
      const first = await refusal(
        verifyEmailOtp({ ctx, input: { svcCardId: svc_card_id, otp: wrongCode(code) } }),
      );
      expect(first.code).toBe("INVALID_OTP");
      expect(first.message).toContain("4 tries left");
      const row = await customerOf(db, svc_card_id);
      const [stored] = await db
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.customerId, row.id), eq(oneTimeCodes.purpose, "email_verification")));
      expect(stored!.attempts).toBe(1);
      for (let i = 0; i < 3; i++)
        expect(
          (await refusal(verifyEmailOtp({ ctx, input: { svcCardId: svc_card_id, otp: wrongCode(code) } })))
            .code,
        ).toBe("INVALID_OTP");
      const locked = await refusal(
        verifyEmailOtp({ ctx, input: { svcCardId: svc_card_id, otp: wrongCode(code) } }),
      );
      expect(locked.code).toBe("OTP_LOCKED");
      expect(locked.status).toBe(429);
      expect(locked.retryAfter).toBeGreaterThan(0);
      expect(
        (await refusal(verifyEmailOtp({ ctx, input: { svcCardId: svc_card_id, otp: code } }))).code,
      ).toBe("OTP_LOCKED");
      expect((await customerOf(db, svc_card_id)).step).toBe(1);
      await allowResend(db, row.id, "email_verification");
      await resendEmailCode({ ctx, input: { svcCardId: svc_card_id } });
      expect(
        (
          await verifyEmailOtp({
            ctx,
            input: { svcCardId: svc_card_id, otp: await lastCode(db, orgId, email) },
          })
        ).step,
      ).toBe(2);
    },
  );

  it("an expired code is INVALID_OTP asking for a new one", async () => {
    const { db, ctx, orgId } = await program();
    const email = uniqueEmail("expired");
    const { svc_card_id } = await startOnboarding({ ctx, input: { email } });
    const row = await customerOf(db, svc_card_id);
    await expireCode(db, row.id, "email_verification");
    const e = await refusal(
      verifyEmailOtp({ ctx, input: { svcCardId: svc_card_id, otp: await lastCode(db, orgId, email) } }),
    );
    expect(e.code).toBe("INVALID_OTP");
    expect(e.message).toMatch(/expired.*request a new code/i);
  });

  it(
    "another organization's customer is 404; a cardholder acts on its own " +
      "account only; a viewer cannot write",
    async () => {
      const a = await program();
      const b = await program();
      const email = uniqueEmail("scoped");
      const { svc_card_id } = await startOnboarding({ ctx: a.ctx, input: { email } });
      const code = await lastCode(a.db, a.orgId, email);
      const cross = await refusal(
        verifyEmailOtp({ ctx: b.ctx, input: { svcCardId: svc_card_id, otp: code } }),
      );
      expect(cross.code).toBe("NOT_FOUND");
      expect(cross.status).toBe(404);
      expect((await refusal(resendEmailCode({ ctx: b.ctx, input: { svcCardId: svc_card_id } }))).code).toBe(
        "NOT_FOUND",
      );

      const other = await startOnboarding({ ctx: a.ctx, input: { email: uniqueEmail("other") } });
      const otherRow = await customerOf(a.db, other.svc_card_id);
      expect(
        (
          await refusal(
            verifyEmailOtp({
              ctx: cardholder(a.ctx, otherRow.id),
              input: { svcCardId: svc_card_id, otp: code },
            }),
          )
        ).code,
      ).toBe("NOT_FOUND");

      const viewer = userCtx(a.db, a.orgId, await a.org.user("viewer"));
      expect(
        (await refusal(verifyEmailOtp({ ctx: viewer, input: { svcCardId: svc_card_id, otp: code } }))).code,
      ).toBe("INSUFFICIENT_PERMISSION");
      // None of those refusals spent a try.
      const own = await customerOf(a.db, svc_card_id);
      expect(
        (
          await verifyEmailOtp({
            ctx: cardholder(a.ctx, own.id),
            input: { svcCardId: svc_card_id, otp: code },
          })
        ).step,
      ).toBe(2);
    },
  );
});
