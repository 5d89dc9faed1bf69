import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import {
  allowResend,
  customerOf,
  expireCode,
  lastCode,
  messagesTo,
  refusal,
  VALID_ANSWERS,
  walkTo,
  wrongCode,
} from "@/server/testing/onboarding";
import { sourceOfFundsLocale, sourceOfFundsOptionLabel } from "../source-of-funds-questions";
import { maskPhone, requestPhoneVerification, verifyPhone } from "./phone";
import { checkAnswers, getSourceOfFunds, submitSourceOfFunds } from "./source-of-funds";

const database = withTestDatabase();

async function program() {
  const db = database.db;
  const org = await createTestOrg(db);
  return { db, org, orgId: org.orgId, ctx: userCtx(db, org.orgId, org.admin) };
}

const QUESTION_IDS = [
  "EMPLOYMENT_STATUS",
  "SOURCE_OF_INCOME",
  "ANNUAL_INCOME",
  "MONTHLY_CARD_SPEND",
  "ACCOUNT_PURPOSE",
];

describe("source of funds (step 3)", () => {
  it(
    "serves the five questions with labels in en, de, fr, es (others fall " +
      "back to en) and the same options everywhere",
    async () => {
      const { ctx } = await program();
      const c = await walkTo(ctx, "source_of_funds", { email: uniqueEmail("sof") });
      const en = await getSourceOfFunds({ ctx, input: { svcCardId: c.svcCardId, locale: "en" } });
      expect(Object.keys(en).sort()).toEqual(["next_step", "questions", "status", "svc_card_id"]);
      expect(en).toMatchObject({
        svc_card_id: c.svcCardId,
        status: "questions_retrieved",
        next_step: "submit_answers",
      });
      expect(en.questions.map((q) => q.question)).toEqual(QUESTION_IDS);
      for (const q of en.questions) {
        expect(Object.keys(q).sort()).toEqual(["label", "options", "question"]);
        expect(q.options.length).toBeGreaterThanOrEqual(4);
        for (const o of q.options) expect(o).toMatch(/^[A-Z0-9_]+$/);
      }
      expect(en.questions[1]!.options).toEqual([
        "EMPLOYMENT_INCOME",
        "BUSINESS_INCOME",
        "INVESTMENTS",
        "SAVINGS",
        "INHERITANCE",
        "OTHER",
      ]);
      const labels: Record<string, string> = {};
      for (const locale of ["en", "de", "fr", "es"]) {
        const q = await getSourceOfFunds({ ctx, input: { svcCardId: c.svcCardId, locale } });
        expect(q.questions.map((x) => x.options)).toEqual(en.questions.map((x) => x.options));
        labels[locale] = q.questions[0]!.label;
      }
      expect(new Set(Object.values(labels)).size).toBe(4);
      expect(labels.de).toBe("Wie ist Ihr Beschäftigungsstatus?");
      expect(
        (await getSourceOfFunds({ ctx, input: { svcCardId: c.svcCardId, locale: "de-CH" } })).questions[0]!
          .label,
      ).toBe(labels.de);
      expect(
        (await getSourceOfFunds({ ctx, input: { svcCardId: c.svcCardId, locale: "ja" } })).questions[0]!
          .label,
      ).toBe(labels.en);
      expect(sourceOfFundsLocale("FR_fr")).toBe("fr");
      expect(sourceOfFundsOptionLabel("EMPLOYMENT_STATUS", "SELF_EMPLOYED", "es")).toBe("Autónomo");
    },
  );

  it(
    "submitting moves to phone verification (step 4) and stores the " +
      "answers; a second submit is ONBOARDING_STEP_DONE",
    async () => {
      const { db, ctx } = await program();
      const c = await walkTo(ctx, "source_of_funds", { email: uniqueEmail("submit") });
      const before = Date.now();
      const done = await submitSourceOfFunds({
        ctx,
        input: { svcCardId: c.svcCardId, answers: [...VALID_ANSWERS].reverse() },
      });
      expect(Object.keys(done).sort()).toEqual(["next_step", "status", "submitted_at", "svc_card_id"]);
      expect(done).toMatchObject({
        svc_card_id: c.svcCardId,
        status: "completed",
        next_step: "phone_verification",
      });
      expect(new Date(done.submitted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
      const row = await customerOf(db, c.svcCardId);
      expect(row).toMatchObject({ step: 4, flowStatus: "phone_verification" });
      expect(row.sourceOfFunds).toEqual(VALID_ANSWERS);
      expect((await getSourceOfFunds({ ctx, input: { svcCardId: c.svcCardId } })).next_step).toBe(
        "phone_verification",
      );
      const again = await refusal(
        submitSourceOfFunds({ ctx, input: { svcCardId: c.svcCardId, answers: VALID_ANSWERS } }),
      );
      expect(again.code).toBe("ONBOARDING_STEP_DONE");
    },
  );

  it("out of order: EMAIL_NOT_VERIFIED at step 1, KYC_NOT_APPROVED at step 2", async () => {
    const { ctx } = await program();
    const one = await walkTo(ctx, "email_verification", { email: uniqueEmail("one") });
    expect(
      (
        await refusal(
          submitSourceOfFunds({ ctx, input: { svcCardId: one.svcCardId, answers: VALID_ANSWERS } }),
        )
      ).code,
    ).toBe("EMAIL_NOT_VERIFIED");
    const two = await walkTo(ctx, "identity_verification", { email: uniqueEmail("two") });
    const e = await refusal(
      submitSourceOfFunds({ ctx, input: { svcCardId: two.svcCardId, answers: VALID_ANSWERS } }),
    );
    expect(e.code).toBe("KYC_NOT_APPROVED");
    expect(e.status).toBe(409);
  });

  it(
    "INVALID_ANSWER names each problem: an unknown question, a duplicate, " +
      "an answer that is not an option, a missing question",
    async () => {
      const { db, ctx } = await program();
      const c = await walkTo(ctx, "source_of_funds", { email: uniqueEmail("invalid") });
      const answers = [
        { question: "EMPLOYMENT_STATUS", answer: "ASTRONAUT" },
        { question: "FAVOURITE_COLOUR", answer: "BLUE" },
        { question: "SOURCE_OF_INCOME", answer: "SAVINGS" },
        { question: "SOURCE_OF_INCOME", answer: "SAVINGS" },
        { question: "ANNUAL_INCOME", answer: "UNDER_25K" },
        { question: "ACCOUNT_PURPOSE", answer: "TRAVEL" },
      ];
      const e = await refusal(submitSourceOfFunds({ ctx, input: { svcCardId: c.svcCardId, answers } }));
      expect(e.code).toBe("INVALID_ANSWER");
      expect(e.status).toBe(422);
      expect(e.details).toEqual([
        { path: "answers[0].answer", message: expect.stringContaining("not an option of EMPLOYMENT_STATUS") },
        { path: "answers[1].question", message: 'Unknown question "FAVOURITE_COLOUR".' },
        { path: "answers[3].question", message: "SOURCE_OF_INCOME is answered more than once." },
        { path: "answers", message: "MONTHLY_CARD_SPEND is not answered." },
      ]);
      expect((await customerOf(db, c.svcCardId)).step).toBe(3);
      // Each case alone.
      const without = (q: string) => VALID_ANSWERS.filter((a) => a.question !== q);
      expect(() => checkAnswers(without("ACCOUNT_PURPOSE"))).toThrow(
        expect.objectContaining({
          code: "INVALID_ANSWER",
          details: [{ path: "answers", message: "ACCOUNT_PURPOSE is not answered." }],
        }),
      );
      expect(() =>
        checkAnswers([...VALID_ANSWERS, { question: "ANNUAL_INCOME", answer: "OVER_250K" }]),
      ).toThrow(
        expect.objectContaining({
          details: [{ path: "answers[5].question", message: "ANNUAL_INCOME is answered more than once." }],
        }),
      );
      expect(() =>
        checkAnswers([...without("ANNUAL_INCOME"), { question: "ANNUAL_INCOME", answer: "employed" }]),
      ).toThrow(
        expect.objectContaining({ details: [expect.objectContaining({ path: "answers[4].answer" })] }),
      );
      expect(() => checkAnswers([...VALID_ANSWERS, { question: "PET", answer: "CAT" }])).toThrow(
        expect.objectContaining({
          details: [{ path: "answers[5].question", message: 'Unknown question "PET".' }],
        }),
      );
    },
  );
});

describe("phone verification (step 4)", () => {
  it("SOURCE_OF_FUNDS_REQUIRED before step 4 (KYC_NOT_APPROVED before step 3)", async () => {
    const { ctx } = await program();
    const three = await walkTo(ctx, "source_of_funds", { email: uniqueEmail("three") });
    const e = await refusal(
      requestPhoneVerification({ ctx, input: { svcCardId: three.svcCardId, phone: "+447700900123" } }),
    );
    expect(e.code).toBe("SOURCE_OF_FUNDS_REQUIRED");
    expect(e.status).toBe(409);
    expect(
      (await refusal(verifyPhone({ ctx, input: { svcCardId: three.svcCardId, code: "123456" } }))).code,
    ).toBe("SOURCE_OF_FUNDS_REQUIRED");
    const two = await walkTo(ctx, "identity_verification", { email: uniqueEmail("two") });
    expect(
      (
        await refusal(
          requestPhoneVerification({ ctx, input: { svcCardId: two.svcCardId, phone: "+447700900123" } }),
        )
      ).code,
    ).toBe("KYC_NOT_APPROVED");
  });

  it(
    "sends an SMS code and answers with the number masked; the code moves " +
      "the customer to account setup (step 5)",
    async () => {
      const { db, ctx, orgId } = await program();
      const c = await walkTo(ctx, "phone_verification", { email: uniqueEmail("phone") });
      const phone = "+4915112345678";
      const sent = await requestPhoneVerification({ ctx, input: { svcCardId: c.svcCardId, phone } });
      expect(Object.keys(sent).sort()).toEqual(["code_expires_at", "phone", "svc_card_id"]);
      expect(sent.phone).toBe("+**********678");
      expect(sent.phone).not.toContain("15112345");
      const sms = await messagesTo(db, orgId, phone);
      expect(sms).toHaveLength(1);
      expect(sms[0]).toMatchObject({ channel: "sms", subject: null });
      expect((await customerOf(db, c.svcCardId)).phone).toBe(phone);

      const code = await lastCode(db, orgId, phone);
      const wrong = await refusal(
        verifyPhone({ ctx, input: { svcCardId: c.svcCardId, code: wrongCode(code) } }),
      );
      expect(wrong.code).toBe("INVALID_OTP");
      expect(wrong.message).toContain("4 tries left");
      const state = await verifyPhone({ ctx, input: { svcCardId: c.svcCardId, code } });
      expect(state).toEqual({
        svc_card_id: c.svcCardId,
        step: 5,
        flow_status: "account_setup",
        next_action: "Deploy the account wallet.",
      });
      expect((await customerOf(db, c.svcCardId)).phoneVerifiedAt).not.toBeNull();
      expect((await refusal(verifyPhone({ ctx, input: { svcCardId: c.svcCardId, code } }))).code).toBe(
        "ONBOARDING_STEP_DONE",
      );
      expect(
        (await refusal(requestPhoneVerification({ ctx, input: { svcCardId: c.svcCardId, phone } }))).code,
      ).toBe("ONBOARDING_STEP_DONE");
    },
  );

  it(
    "a new request replaces the number and the code; 5 wrong codes lock; " +
      "an expired code asks for a new one",
    async () => {
      const { db, ctx, orgId } = await program();
      const c = await walkTo(ctx, "phone_verification", { email: uniqueEmail("replace") });
      await requestPhoneVerification({ ctx, input: { svcCardId: c.svcCardId, phone: "+33612345678" } });
      const firstCode = await lastCode(db, orgId, "+33612345678");
      expect(
        (
          await refusal(
            requestPhoneVerification({ ctx, input: { svcCardId: c.svcCardId, phone: "+33612345679" } }),
          )
        ).code,
      ).toBe("RATE_LIMITED");
      await allowResend(db, c.id, "phone_verification");
      await requestPhoneVerification({ ctx, input: { svcCardId: c.svcCardId, phone: "+33612345679" } });
      expect((await customerOf(db, c.svcCardId)).phone).toBe("+33612345679");
      const code = await lastCode(db, orgId, "+33612345679");
      if (firstCode !== code)
        expect(
          (await refusal(verifyPhone({ ctx, input: { svcCardId: c.svcCardId, code: firstCode } }))).code,
        ).toBe("INVALID_OTP");

      await allowResend(db, c.id, "phone_verification");
      await requestPhoneVerification({ ctx, input: { svcCardId: c.svcCardId, phone: "+33612345679" } });
      const current = await lastCode(db, orgId, "+33612345679");
      for (let i = 0; i < 4; i++)
        expect(
          (await refusal(verifyPhone({ ctx, input: { svcCardId: c.svcCardId, code: wrongCode(current) } })))
            .code,
        ).toBe("INVALID_OTP");
      const locked = await refusal(
        verifyPhone({ ctx, input: { svcCardId: c.svcCardId, code: wrongCode(current) } }),
      );
      expect(locked.code).toBe("OTP_LOCKED");
      expect(locked.retryAfter).toBeGreaterThan(0);

      await allowResend(db, c.id, "phone_verification");
      await requestPhoneVerification({ ctx, input: { svcCardId: c.svcCardId, phone: "+33612345679" } });
      await expireCode(db, c.id, "phone_verification");
      const expired = await refusal(
        verifyPhone({
          ctx,
          input: { svcCardId: c.svcCardId, code: await lastCode(db, orgId, "+33612345679") },
        }),
      );
      expect(expired.code).toBe("INVALID_OTP");
      expect(expired.message).toMatch(/expired/);
      expect((await customerOf(db, c.svcCardId)).step).toBe(4);
    },
  );

  it("masks any E.164 number down to its last 3 digits", () => {
    expect(maskPhone("+447700900123")).toBe("+*********123");
    expect(maskPhone("+12025550143")).toBe("+********143");
  });

  it(
    "cross-organization 404, cardholder on another id 404, viewer 403 on " +
      "the writes (GET questions is read)",
    async () => {
      const a = await program();
      const b = await program();
      const c = await walkTo(a.ctx, "source_of_funds", { email: uniqueEmail("x") });
      expect(
        (
          await refusal(
            submitSourceOfFunds({ ctx: b.ctx, input: { svcCardId: c.svcCardId, answers: VALID_ANSWERS } }),
          )
        ).code,
      ).toBe("NOT_FOUND");
      expect((await refusal(getSourceOfFunds({ ctx: b.ctx, input: { svcCardId: c.svcCardId } }))).code).toBe(
        "NOT_FOUND",
      );
      expect(
        (
          await refusal(
            requestPhoneVerification({
              ctx: b.ctx,
              input: { svcCardId: c.svcCardId, phone: "+447700900123" },
            }),
          )
        ).code,
      ).toBe("NOT_FOUND");
      const other = await walkTo(a.ctx, "email_verification", { email: uniqueEmail("other") });
      const stranger: Ctx = { ...a.ctx, actor: { type: "cardholder", customerId: other.id } };
      expect(
        (
          await refusal(
            submitSourceOfFunds({ ctx: stranger, input: { svcCardId: c.svcCardId, answers: VALID_ANSWERS } }),
          )
        ).code,
      ).toBe("NOT_FOUND");
      const viewer = userCtx(a.db, a.orgId, await a.org.user("viewer"));
      expect(
        (await getSourceOfFunds({ ctx: viewer, input: { svcCardId: c.svcCardId } })).questions,
      ).toHaveLength(5);
      expect(
        (
          await refusal(
            submitSourceOfFunds({ ctx: viewer, input: { svcCardId: c.svcCardId, answers: VALID_ANSWERS } }),
          )
        ).code,
      ).toBe("INSUFFICIENT_PERMISSION");
      expect(
        (
          await refusal(
            requestPhoneVerification({
              ctx: viewer,
              input: { svcCardId: c.svcCardId, phone: "+447700900123" },
            }),
          )
        ).code,
      ).toBe("INSUFFICIENT_PERMISSION");
      expect(
        (await refusal(verifyPhone({ ctx: viewer, input: { svcCardId: c.svcCardId, code: "123456" } }))).code,
      ).toBe("INSUFFICIENT_PERMISSION");
      // The cardholder on its own account may.
      const own: Ctx = { ...a.ctx, actor: { type: "cardholder", customerId: c.id } };
      expect(
        (await submitSourceOfFunds({ ctx: own, input: { svcCardId: c.svcCardId, answers: VALID_ANSWERS } }))
          .status,
      ).toBe("completed");
    },
  );
});
