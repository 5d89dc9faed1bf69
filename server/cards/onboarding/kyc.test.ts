import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { simKycApplicants } from "@/server/db/schema/providers";
import { deliverInbound } from "@/server/providers/inbound";
import { decideApplicant, expireApplicantLink } from "@/server/providers/sandbox/kyc";
import { decideByLink, openApplicantLink } from "@/server/providers/sandbox/kyc-link";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import { customerOf, lastCode, refusal, VALID_ANSWERS, walkTo } from "@/server/testing/onboarding";
import { applyKycResult, getKycLink, getKycStatus } from "./kyc";
import { lockCustomerByRecordId } from "./progress";
import { submitSourceOfFunds } from "./source-of-funds";
import { startOnboarding } from "./start";
import { verifyEmailOtp } from "./verify-email";

const database = withTestDatabase();

async function program() {
  const db = database.db;
  const org = await createTestOrg(db);
  return { db, org, orgId: org.orgId, ctx: userCtx(db, org.orgId, org.admin) };
}

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

describe("kyc-link and kyc-status (step 2)", () => {
  it(
    "EMAIL_NOT_VERIFIED before step 1 is done; then a link to the hosted " + "page, with return_to passed on",
    async () => {
      const { db, ctx } = await program();
      const started = await startOnboarding({ ctx, input: { email: uniqueEmail("kyc") } });
      const early = await refusal(getKycLink({ ctx, input: { svcCardId: started.svc_card_id } }));
      expect(early.code).toBe("EMAIL_NOT_VERIFIED");
      expect(early.status).toBe(409);

      const c = await walkTo(ctx, "identity_verification", { email: uniqueEmail("kyc2") });
      const before = Date.now();
      const link = await getKycLink({
        ctx,
        input: { svcCardId: c.svcCardId, returnTo: "/onboarding?step=kyc" },
      });
      expect(Object.keys(link).sort()).toEqual(["expires_at", "kyc_status", "svc_card_id", "url"]);
      expect(link).toMatchObject({ svc_card_id: c.svcCardId, kyc_status: "pending" });
      expect(new Date(link.expires_at).getTime()).toBeGreaterThan(before);
      const url = new URL(link.url);
      expect(url.searchParams.get("return_to")).toBe("/onboarding?step=kyc");
      const row = await customerOf(db, c.svcCardId);
      expect(row.kycApplicantId).toMatch(/^kyc_/);
      // A second link is for the same applicant.
      const again = await getKycLink({ ctx, input: { svcCardId: c.svcCardId } });
      expect(new URL(again.url).searchParams.has("return_to")).toBe(false);
      expect((await customerOf(db, c.svcCardId)).kycApplicantId).toBe(row.kycApplicantId);
    },
  );

  it(
    "approval on the hosted page moves to source of funds (step 3) with " +
      "the region's currency; the link is then ONBOARDING_STEP_DONE",
    async () => {
      const { db, ctx } = await program();
      const c = await walkTo(ctx, "identity_verification", { email: uniqueEmail("approve") });
      const link = await getKycLink({ ctx, input: { svcCardId: c.svcCardId } });
      await decideByLink(db, { token: tokenOf(link.url), decision: "approved", country: "GB" });
      const status = await getKycStatus({ ctx, input: { svcCardId: c.svcCardId } });
      expect(status).toEqual({
        svc_card_id: c.svcCardId,
        kyc_status: "approved",
        currency: "GBP",
        step: 3,
        flow_status: "source_of_funds",
        next_action: "Answer the source-of-funds questions.",
      });
      expect((await refusal(getKycLink({ ctx, input: { svcCardId: c.svcCardId } }))).code).toBe(
        "ONBOARDING_STEP_DONE",
      );
    },
  );

  it(
    "rejection: flow_status rejected at step 2; a link is KYC_REJECTED and " + "so is every later step",
    async () => {
      const { ctx } = await program();
      const c = await walkTo(ctx, "identity_verification", { email: uniqueEmail("reject") });
      await decideApplicant(ctx.db, {
        orgId: ctx.orgId,
        externalRef: c.id,
        email: c.email,
        decision: "rejected",
      });
      const status = await getKycStatus({ ctx, input: { svcCardId: c.svcCardId } });
      expect(status).toMatchObject({
        kyc_status: "rejected",
        step: 2,
        flow_status: "rejected",
        currency: null,
      });
      expect(status.next_action).toMatch(/rejected/);
      const e = await refusal(getKycLink({ ctx, input: { svcCardId: c.svcCardId } }));
      expect(e.code).toBe("KYC_REJECTED");
      expect(e.status).toBe(409);
      expect(
        (
          await refusal(
            submitSourceOfFunds({ ctx, input: { svcCardId: c.svcCardId, answers: VALID_ANSWERS } }),
          )
        ).code,
      ).toBe("KYC_REJECTED");
    },
  );

  it("pending_review and in_progress change kyc_status only", async () => {
    const { db, ctx } = await program();
    const c = await walkTo(ctx, "identity_verification", { email: uniqueEmail("review") });
    const link = await getKycLink({ ctx, input: { svcCardId: c.svcCardId } });
    // Opening the page: documents requested -> in_progress.
    await openApplicantLink(db, tokenOf(link.url));
    expect(await getKycStatus({ ctx, input: { svcCardId: c.svcCardId } })).toMatchObject({
      kyc_status: "in_progress",
      step: 2,
      flow_status: "identity_verification",
      next_action: "Finish identity verification on the hosted KYC page.",
    });
    await decideApplicant(db, {
      orgId: ctx.orgId,
      externalRef: c.id,
      email: c.email,
      decision: "pending_review",
    });
    expect(await getKycStatus({ ctx, input: { svcCardId: c.svcCardId } })).toMatchObject({
      kyc_status: "pending_review",
      step: 2,
      flow_status: "identity_verification",
      currency: null,
    });
  });

  it("expired: kyc_status expired, and a new link starts verification over", async () => {
    const { db, ctx } = await program();
    const c = await walkTo(ctx, "identity_verification", { email: uniqueEmail("expire") });
    await getKycLink({ ctx, input: { svcCardId: c.svcCardId } });
    const applicantId = (await customerOf(db, c.svcCardId)).kycApplicantId!;
    await db
      .update(simKycApplicants)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(simKycApplicants.id, applicantId));
    await expireApplicantLink(db, { orgId: ctx.orgId, applicantId });
    const expired = await getKycStatus({ ctx, input: { svcCardId: c.svcCardId } });
    expect(expired).toMatchObject({
      kyc_status: "expired",
      step: 2,
      flow_status: "identity_verification",
      next_action: "Identity verification expired: request a new KYC link.",
    });
    const fresh = await getKycLink({ ctx, input: { svcCardId: c.svcCardId } });
    expect(fresh.kyc_status).toBe("pending");
    expect(new Date(fresh.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect((await customerOf(db, c.svcCardId)).kycStatus).toBe("pending");
  });

  it("a missed kyc.status.changed is made good by kyc-status asking the provider", async () => {
    const { db, ctx } = await program();
    const c = await walkTo(ctx, "identity_verification", { email: uniqueEmail("missed") });
    await getKycLink({ ctx, input: { svcCardId: c.svcCardId } });
    const applicantId = (await customerOf(db, c.svcCardId)).kycApplicantId!;
    // The provider decided, but its event never reached us.
    await db
      .update(simKycApplicants)
      .set({ status: "approved", country: "US" })
      .where(eq(simKycApplicants.id, applicantId));
    expect((await customerOf(db, c.svcCardId)).kycStatus).toBe("pending");
    expect(await getKycStatus({ ctx, input: { svcCardId: c.svcCardId } })).toMatchObject({
      kyc_status: "approved",
      currency: "USD",
      step: 3,
      flow_status: "source_of_funds",
    });
    expect(await customerOf(db, c.svcCardId)).toMatchObject({
      kycStatus: "approved",
      currency: "USD",
      step: 3,
    });
  });

  it(
    "an approval that arrives before the email is verified is kept; " +
      "verifying the email then goes straight to step 3",
    async () => {
      const { db, ctx, orgId } = await program();
      const email = uniqueEmail("early");
      const started = await startOnboarding({ ctx, input: { email } });
      const c = await customerOf(db, started.svc_card_id);
      await decideApplicant(db, { orgId, externalRef: c.id, email, decision: "approved", country: "FR" });
      expect(await customerOf(db, started.svc_card_id)).toMatchObject({
        step: 1,
        flowStatus: "email_verification",
        kycStatus: "approved",
        currency: "EUR",
      });
      const state = await verifyEmailOtp({
        ctx,
        input: { svcCardId: started.svc_card_id, otp: await lastCode(db, orgId, email) },
      });
      expect(state).toMatchObject({ step: 3, flow_status: "source_of_funds" });
    },
  );

  it(
    "news for an unknown customer or another organization is ignored; a " + "final status is never undone",
    async () => {
      const a = await program();
      const b = await program();
      const c = await walkTo(a.ctx, "source_of_funds", { email: uniqueEmail("final") });
      await deliverInbound(a.db, {
        type: "kyc.status.changed",
        orgId: a.orgId,
        data: { applicant_id: "kyc_nobody", external_ref: "cus_nobody" },
      });
      await deliverInbound(a.db, {
        type: "kyc.status.changed",
        orgId: b.orgId,
        data: { applicant_id: c.kycApplicantId!, external_ref: c.id },
      });
      expect(await customerOf(a.db, c.svcCardId)).toMatchObject({ kycStatus: "approved", step: 3 });
      const after = await a.db.transaction(async (tx) => {
        const locked = (await lockCustomerByRecordId(tx, a.orgId, c.id))!;
        return applyKycResult(tx, locked, {
          kycStatus: "rejected",
          currency: null,
          applicantId: c.kycApplicantId!,
        });
      });
      expect(after).toMatchObject({
        kycStatus: "approved",
        flowStatus: "source_of_funds",
        step: 3,
        currency: "EUR",
      });
    },
  );

  it(
    "cross-organization 404, a cardholder on someone else's id 404; the status needs read, a link " +
      "write (it mints a credential), and the cardholder gets their own",
    async () => {
      const a = await program();
      const b = await program();
      const c = await walkTo(a.ctx, "identity_verification", { email: uniqueEmail("scope") });
      expect((await refusal(getKycLink({ ctx: b.ctx, input: { svcCardId: c.svcCardId } }))).code).toBe(
        "NOT_FOUND",
      );
      expect((await refusal(getKycStatus({ ctx: b.ctx, input: { svcCardId: c.svcCardId } }))).code).toBe(
        "NOT_FOUND",
      );
      const other = await walkTo(a.ctx, "email_verification", { email: uniqueEmail("other") });
      const stranger: Ctx = { ...a.ctx, actor: { type: "cardholder", customerId: other.id } };
      expect((await refusal(getKycStatus({ ctx: stranger, input: { svcCardId: c.svcCardId } }))).code).toBe(
        "NOT_FOUND",
      );
      const own: Ctx = { ...a.ctx, actor: { type: "cardholder", customerId: c.id } };
      expect((await getKycStatus({ ctx: own, input: { svcCardId: c.svcCardId } })).kyc_status).toBe(
        "pending",
      );
      const viewer = userCtx(a.db, a.orgId, await a.org.user("viewer"));
      expect((await getKycStatus({ ctx: viewer, input: { svcCardId: c.svcCardId } })).kyc_status).toBe(
        "pending",
      );
      expect((await refusal(getKycLink({ ctx: viewer, input: { svcCardId: c.svcCardId } }))).code).toBe(
        "INSUFFICIENT_PERMISSION",
      );
      expect((await getKycLink({ ctx: own, input: { svcCardId: c.svcCardId } })).url).toMatch(/\/kyc\//);
      const operator = userCtx(a.db, a.orgId, await a.org.user("operator"));
      expect((await getKycLink({ ctx: operator, input: { svcCardId: c.svcCardId } })).url).toMatch(/\/kyc\//);
    },
  );
});
