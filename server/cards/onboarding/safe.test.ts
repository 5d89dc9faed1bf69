import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import type { Ctx } from "@/server/context";
import { simSafes } from "@/server/db/schema/providers";
import { deliverInbound } from "@/server/providers/inbound";
import { completeSafeDeployment } from "@/server/providers/sandbox/chain";
import { decideApplicant } from "@/server/providers/sandbox/kyc";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail, userCtx } from "@/server/testing/fixtures";
import { customerOf, lastCode, refusal, VALID_ANSWERS, walkTo } from "@/server/testing/onboarding";
import { getKycStatus } from "./kyc";
import { requestPhoneVerification, verifyPhone } from "./phone";
import { deploySafe, getSafeDeployment } from "./safe";
import { submitSourceOfFunds } from "./source-of-funds";
import { createIssuerCustomer } from "./start";
import { verifyEmailOtp } from "./verify-email";

const database = withTestDatabase();

afterEach(() => setEnvForTests({ SAFE_DEPLOY_SECONDS: undefined }));

async function program() {
  const db = database.db;
  const org = await createTestOrg(db);
  return { db, org, orgId: org.orgId, ctx: userCtx(db, org.orgId, org.admin) };
}

const PROCESSING_KEYS = [
  "account_status",
  "account_status_meaning",
  "already_deployed",
  "deploy_status",
  "deployment_accepted",
  "estimated_completion",
  "fiat_symbol",
  "is_ready",
  "monitor_endpoint",
  "next_step",
  "token_symbol",
];
const DEPLOYED_KEYS = [...PROCESSING_KEYS, "safe_address"].sort();

describe("account wallet deployment (step 5)", () => {
  it(
    "names the first missing precondition: EMAIL_NOT_VERIFIED, " +
      "KYC_NOT_APPROVED, SOURCE_OF_FUNDS_REQUIRED, PHONE_NOT_VERIFIED",
    async () => {
      const { ctx } = await program();
      const expected = [
        ["email_verification", "EMAIL_NOT_VERIFIED"],
        ["identity_verification", "KYC_NOT_APPROVED"],
        ["source_of_funds", "SOURCE_OF_FUNDS_REQUIRED"],
        ["phone_verification", "PHONE_NOT_VERIFIED"],
      ] as const;
      for (const [step, code] of expected) {
        const c = await walkTo(ctx, step, { email: uniqueEmail(step) });
        const e = await refusal(deploySafe({ ctx, input: { svcCardId: c.svcCardId } }));
        expect(e.code, step).toBe(code);
        expect(e.status).toBe(409);
        expect((await customerOf(ctx.db, c.svcCardId)).safeState).toBe("not_deployed");
      }
      const rejected = await walkTo(ctx, "identity_verification", { email: uniqueEmail("rejected") });
      await decideApplicant(ctx.db, {
        orgId: ctx.orgId,
        externalRef: rejected.id,
        email: rejected.email,
        decision: "rejected",
      });
      expect((await refusal(deploySafe({ ctx, input: { svcCardId: rejected.svcCardId } }))).code).toBe(
        "KYC_REJECTED",
      );
    },
  );

  it(
    "starts (accepted), then reports in progress, then the chain's news " + "makes it deployed and ready",
    async () => {
      const { db, ctx, orgId } = await program();
      const c = await walkTo(ctx, "account_setup", { email: uniqueEmail("safe"), country: "GB" });
      const before = Date.now();
      const started = await deploySafe({ ctx, input: { svcCardId: c.svcCardId } });
      expect(started.accepted).toBe(true);
      expect(Object.keys(started.deployment).sort()).toEqual(PROCESSING_KEYS);
      expect(started.deployment).toMatchObject({
        deployment_accepted: true,
        already_deployed: false,
        deploy_status: "processing",
        next_step: "poll_monitor_endpoint",
        monitor_endpoint: `/api/v1/svc-card/${c.svcCardId}/safe/deploy`,
        token_symbol: "GBPe",
        fiat_symbol: "GBP",
        account_status: null,
        account_status_meaning: null,
        is_ready: false,
      });
      const eta = new Date(started.deployment.estimated_completion!).getTime();
      expect(eta).toBeGreaterThanOrEqual(before + 2_000);
      expect(eta).toBeLessThanOrEqual(Date.now() + 4_000);
      const row = await customerOf(db, c.svcCardId);
      expect(row).toMatchObject({ safeState: "processing", step: 5, flowStatus: "account_setup" });
      expect(row.safeAddress).toMatch(/^0x[0-9a-f]{40}$/);
      expect((await getKycStatus({ ctx, input: { svcCardId: c.svcCardId } })).next_action).toBe(
        "Wait for the account wallet deployment to finish.",
      );

      const again = await deploySafe({ ctx, input: { svcCardId: c.svcCardId } });
      expect(again.accepted).toBe(false);
      expect(Object.keys(again.deployment).sort()).toEqual(PROCESSING_KEYS);
      expect(again.deployment).toMatchObject({
        deployment_accepted: false,
        already_deployed: false,
        deploy_status: "processing",
        is_ready: false,
      });
      const polled = await getSafeDeployment({ ctx, input: { svcCardId: c.svcCardId } });
      expect(polled).toEqual({ ...again.deployment, estimated_completion: polled.estimated_completion });

      // The chain's job finishes the deployment and reports it (account.safe.deployed).
      expect(await completeSafeDeployment(db, { orgId, address: row.safeAddress! })).toBe(true);
      const deployed = await getSafeDeployment({ ctx, input: { svcCardId: c.svcCardId } });
      expect(Object.keys(deployed).sort()).toEqual(DEPLOYED_KEYS);
      expect(deployed).toMatchObject({
        deployment_accepted: false,
        already_deployed: true,
        safe_address: row.safeAddress,
        deploy_status: "deployed",
        account_status: 0,
        account_status_meaning: "Ok",
        is_ready: true,
        next_step: "create_virtual_card",
        token_symbol: "GBPe",
        fiat_symbol: "GBP",
      });
      expect(await customerOf(db, c.svcCardId)).toMatchObject({
        safeState: "deployed",
        accountStatus: 0,
        step: 5,
      });
      expect((await customerOf(db, c.svcCardId)).safeDeployedAt).not.toBeNull();
      expect((await getKycStatus({ ctx, input: { svcCardId: c.svcCardId } })).next_action).toBe(
        "Create the first virtual card.",
      );

      const idempotent = await deploySafe({ ctx, input: { svcCardId: c.svcCardId } });
      expect(idempotent.accepted).toBe(false);
      expect(idempotent.deployment).toEqual(deployed);
    },
  );

  it("account status 7 (DelayQueueNotEmpty) is ready, 2 (SafeMisconfigured) is not", async () => {
    const { ctx, orgId } = await program();
    const c = await walkTo(ctx, "account_setup", { email: uniqueEmail("status") });
    await deploySafe({ ctx, input: { svcCardId: c.svcCardId } });
    const address = (await customerOf(ctx.db, c.svcCardId)).safeAddress!;
    await deliverInbound(ctx.db, {
      type: "account.safe.deployed",
      orgId,
      data: { address, owner_ref: c.id, account_status: 7 },
    });
    expect(await getSafeDeployment({ ctx, input: { svcCardId: c.svcCardId } })).toMatchObject({
      account_status: 7,
      account_status_meaning: "DelayQueueNotEmpty",
      is_ready: true,
      token_symbol: "EURe",
    });
    await deliverInbound(ctx.db, {
      type: "account.safe.deployed",
      orgId,
      data: { address, owner_ref: c.id, account_status: 2 },
    });
    expect(await getSafeDeployment({ ctx, input: { svcCardId: c.svcCardId } })).toMatchObject({
      already_deployed: true,
      account_status: 2,
      account_status_meaning: "SafeMisconfigured",
      is_ready: false,
      next_step: "wait_for_account_status",
    });
  });

  it("a failed deployment is shown as failed and may be retried (202, accepted again)", async () => {
    const { db, ctx, orgId } = await program();
    const c = await walkTo(ctx, "account_setup", { email: uniqueEmail("failed") });
    await deploySafe({ ctx, input: { svcCardId: c.svcCardId } });
    const address = (await customerOf(db, c.svcCardId)).safeAddress!;
    await db.update(simSafes).set({ deployStatus: "failed" }).where(eq(simSafes.address, address));
    await deliverInbound(db, { type: "account.safe.failed", orgId, data: { address, owner_ref: c.id } });
    const failed = await getSafeDeployment({ ctx, input: { svcCardId: c.svcCardId } });
    expect(Object.keys(failed).sort()).toEqual(PROCESSING_KEYS.filter((k) => k !== "estimated_completion"));
    expect(failed).toMatchObject({
      deploy_status: "failed",
      deployment_accepted: false,
      already_deployed: false,
      is_ready: false,
      next_step: "retry_deploy",
    });
    expect((await getKycStatus({ ctx, input: { svcCardId: c.svcCardId } })).next_action).toBe(
      "The account wallet deployment failed: deploy it again.",
    );
    const retried = await deploySafe({ ctx, input: { svcCardId: c.svcCardId } });
    expect(retried.accepted).toBe(true);
    expect(retried.deployment).toMatchObject({ deployment_accepted: true, deploy_status: "processing" });
    expect((await db.select().from(simSafes).where(eq(simSafes.address, address)))[0]!.deployStatus).toBe(
      "processing",
    );
  });

  it("a missed account.safe.deployed is made good by the GET asking the chain", async () => {
    const { db, ctx } = await program();
    const c = await walkTo(ctx, "account_setup", { email: uniqueEmail("missed") });
    await deploySafe({ ctx, input: { svcCardId: c.svcCardId } });
    const address = (await customerOf(db, c.svcCardId)).safeAddress!;
    await db
      .update(simSafes)
      .set({ deployStatus: "ok", accountStatus: 0 })
      .where(eq(simSafes.address, address));
    expect(await getSafeDeployment({ ctx, input: { svcCardId: c.svcCardId } })).toMatchObject({
      deploy_status: "deployed",
      is_ready: true,
      safe_address: address,
    });
    expect((await customerOf(db, c.svcCardId)).safeState).toBe("deployed");
  });

  it("news for another wallet, an unknown owner or another organization changes nothing", async () => {
    const a = await program();
    const b = await program();
    const c = await walkTo(a.ctx, "account_setup", { email: uniqueEmail("news") });
    await deploySafe({ ctx: a.ctx, input: { svcCardId: c.svcCardId } });
    const address = (await customerOf(a.db, c.svcCardId)).safeAddress!;
    await deliverInbound(a.db, {
      type: "account.safe.deployed",
      orgId: a.orgId,
      data: { address: "0x" + "1".repeat(40), owner_ref: c.id, account_status: 0 },
    });
    await deliverInbound(a.db, {
      type: "account.safe.deployed",
      orgId: a.orgId,
      data: { address, owner_ref: "cus_nobody", account_status: 0 },
    });
    await deliverInbound(a.db, {
      type: "account.safe.deployed",
      orgId: b.orgId,
      data: { address, owner_ref: c.id, account_status: 0 },
    });
    await deliverInbound(a.db, {
      type: "account.safe.failed",
      orgId: b.orgId,
      data: { address, owner_ref: c.id },
    });
    expect((await customerOf(a.db, c.svcCardId)).safeState).toBe("processing");
  });

  it("a B2B customer's monitor endpoint is the customers/ path; the path the caller used wins", async () => {
    const { db, ctx, orgId } = await program();
    const email = uniqueEmail("b2b");
    const started = await createIssuerCustomer({ ctx, input: { email, external_id: "b2b-safe" } });
    const svcCardId = started.svc_card_id;
    await verifyEmailOtp({ ctx, input: { svcCardId, otp: await lastCode(db, orgId, email) } });
    const row = await customerOf(db, svcCardId);
    await decideApplicant(db, { orgId, externalRef: row.id, email, decision: "approved", country: "US" });
    await submitSourceOfFunds({ ctx, input: { svcCardId, answers: VALID_ANSWERS } });
    await requestPhoneVerification({ ctx, input: { svcCardId, phone: "+12025550143" } });
    await verifyPhone({ ctx, input: { svcCardId, code: await lastCode(db, orgId, "+12025550143") } });
    const first = await deploySafe({ ctx, input: { svcCardId } });
    expect(first.deployment).toMatchObject({
      monitor_endpoint: `/api/v1/svc-card/customers/${svcCardId}/safe/deploy`,
      token_symbol: "USDCe",
      fiat_symbol: "USD",
    });
    expect((await getSafeDeployment({ ctx, input: { svcCardId, path: "svc-card" } })).monitor_endpoint).toBe(
      `/api/v1/svc-card/${svcCardId}/safe/deploy`,
    );
  });

  it("cross-organization 404, cardholder on another id 404, viewer 403 on deploy but may poll", async () => {
    const a = await program();
    const b = await program();
    const c = await walkTo(a.ctx, "account_setup", { email: uniqueEmail("scope") });
    expect((await refusal(deploySafe({ ctx: b.ctx, input: { svcCardId: c.svcCardId } }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await refusal(getSafeDeployment({ ctx: b.ctx, input: { svcCardId: c.svcCardId } }))).code).toBe(
      "NOT_FOUND",
    );
    const other = await walkTo(a.ctx, "email_verification", { email: uniqueEmail("other") });
    const stranger: Ctx = { ...a.ctx, actor: { type: "cardholder", customerId: other.id } };
    expect((await refusal(deploySafe({ ctx: stranger, input: { svcCardId: c.svcCardId } }))).code).toBe(
      "NOT_FOUND",
    );
    const viewer = userCtx(a.db, a.orgId, await a.org.user("viewer"));
    expect((await refusal(deploySafe({ ctx: viewer, input: { svcCardId: c.svcCardId } }))).code).toBe(
      "INSUFFICIENT_PERMISSION",
    );
    expect((await getSafeDeployment({ ctx: viewer, input: { svcCardId: c.svcCardId } })).deploy_status).toBe(
      "not_deployed",
    );
    const own: Ctx = { ...a.ctx, actor: { type: "cardholder", customerId: c.id } };
    expect((await deploySafe({ ctx: own, input: { svcCardId: c.svcCardId } })).accepted).toBe(true);
  });
});
