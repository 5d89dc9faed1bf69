import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { auditLog } from "@/server/db/schema/platform";
import { decideApplicant } from "@/server/providers/sandbox/kyc";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import {
  allowResend,
  customerOf,
  lastCode,
  refusal,
  VALID_ANSWERS,
  wrongCode,
} from "@/server/testing/onboarding";
import { requestCardholderCode, verifyCardholderCode } from "../cardholder/sign-in";
import { getKycLink } from "./kyc";
import { requestPhoneVerification, verifyPhone } from "./phone";
import { deploySafe } from "./safe";
import { submitSourceOfFunds } from "./source-of-funds";
import { createIssuerCustomer, resendEmailCode } from "./start";
import { verifyEmailOtp } from "./verify-email";

const database = withTestDatabase();

async function entriesFor(customerId: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "card_customer"), eq(auditLog.targetId, customerId)))
    .orderBy(asc(auditLog.createdAt));
}

async function approveKyc(orgId: string, customerId: string, email: string) {
  await decideApplicant(database.db, {
    orgId,
    externalRef: customerId,
    email,
    decision: "approved",
    country: "DE",
  });
}

describe("onboarding steps in the audit log", () => {
  it("staff-driven: every step names the staff member, the customer and the request id", async () => {
    const org = await createTestOrg(database.db);
    const ctx: Ctx = {
      ...userCtx(database.db, org.orgId, org.admin, { sessionId: "ses_staff" }),
      ip: "10.1.1.1",
      requestId: "req_onboarding_staff",
    };
    const email = uniqueEmail("staff-walk");
    const started = await createIssuerCustomer({ ctx, input: { email, external_id: `ext-${email}` } });
    const svcCardId = started.svc_card_id;
    const c = await customerOf(database.db, svcCardId);
    await allowResend(database.db, c.id, "email_verification");
    await resendEmailCode({ ctx, input: { svcCardId } });
    const emailCode = await lastCode(database.db, org.orgId, email);
    await refusal(verifyEmailOtp({ ctx, input: { svcCardId, otp: wrongCode(emailCode) } }));
    await verifyEmailOtp({ ctx, input: { svcCardId, otp: emailCode } });
    await getKycLink({ ctx, input: { svcCardId } });
    await approveKyc(org.orgId, c.id, email);
    await submitSourceOfFunds({ ctx, input: { svcCardId, answers: VALID_ANSWERS } });
    await requestPhoneVerification({ ctx, input: { svcCardId, phone: "+447700900123" } });
    const smsCode = await lastCode(database.db, org.orgId, "+447700900123");
    await verifyPhone({ ctx, input: { svcCardId, code: smsCode } });
    await deploySafe({ ctx, input: { svcCardId } });

    const entries = await entriesFor(c.id);
    expect(entries.map((e) => e.action)).toEqual([
      "card_customer.created",
      "onboarding.email_code_resent",
      "onboarding.email_verified",
      "onboarding.kyc_link_created",
      "onboarding.source_of_funds_submitted",
      "onboarding.phone_code_sent",
      "onboarding.phone_verified",
      "onboarding.wallet_deploy_requested",
    ]);
    for (const e of entries)
      expect(e, e.action).toMatchObject({
        orgId: org.orgId,
        actorType: "user",
        actorId: org.admin.userId,
        credentialType: "session",
        credentialId: "ses_staff",
        ip: "10.1.1.1",
        requestId: "req_onboarding_staff",
      });
    const byAction = new Map(entries.map((e) => [e.action, e]));
    expect(byAction.get("onboarding.email_verified")).toMatchObject({
      before: { flow_status: "email_verification", step: 1 },
      after: { flow_status: "identity_verification", step: 2 },
    });
    expect(byAction.get("onboarding.phone_code_sent")!.detail).toEqual({ phone: "+*********123" });
    expect(byAction.get("onboarding.wallet_deploy_requested")).toMatchObject({
      after: { safe_state: "processing" },
    });
    // No code or full number in the log (the wrong try wrote nothing either).
    const text = JSON.stringify(entries);
    for (const secret of [emailCode, smsCode, "447700900123"]) expect(text).not.toContain(secret);
  });

  it("cardholder-driven: sign-up, the email step and later steps name the cardholder", async () => {
    const org = await createTestOrg(database.db);
    const email = uniqueEmail("self");
    await requestCardholderCode({ db: database.db, orgId: org.orgId, email, ip: "198.51.100.7" });
    const code = await lastCode(database.db, org.orgId, email);
    const signedIn = await verifyCardholderCode({
      db: database.db,
      orgId: org.orgId,
      email,
      code,
      ip: "198.51.100.7",
    });
    const c = await customerOf(database.db, signedIn.svcCardId);
    await approveKyc(org.orgId, c.id, email);
    // As the cardholder session builds it (server/actions/cardholder-session.ts).
    const ctx: Ctx = {
      db: database.db,
      orgId: org.orgId,
      ip: "198.51.100.8",
      requestId: "req_cardholder_sof",
      actor: { type: "cardholder", customerId: c.id },
    };
    await submitSourceOfFunds({ ctx, input: { svcCardId: c.svcCardId, answers: VALID_ANSWERS } });

    const entries = await entriesFor(c.id);
    expect(entries.map((e) => e.action)).toEqual([
      "card_customer.created",
      "onboarding.email_verified",
      "onboarding.source_of_funds_submitted",
    ]);
    for (const e of entries)
      expect(e, e.action).toMatchObject({
        actorType: "cardholder",
        actorId: c.id,
        credentialType: "cardholder_session",
        targetId: c.id,
        requestId: expect.stringMatching(/^req_/),
      });
    expect(entries[0]).toMatchObject({ ip: "198.51.100.7", after: { email, origin: "own" } });
    expect(entries[1]).toMatchObject({ ip: "198.51.100.7" });
    expect(entries[2]).toMatchObject({ ip: "198.51.100.8", requestId: "req_cardholder_sof" });
  });
});
