import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests, setEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { newKeyPair } from "@/server/apikeys/key-material";
import { createCardholderSession } from "@/server/cards/cardholder/session";
import { sha256Hex } from "@/server/crypto/hash";
import { apiKeys } from "@/server/db/schema/apikeys";
import { startWorker } from "@/server/jobs/worker";
import { SAFE_READY_JOB } from "@/server/providers/sandbox/chain";
import { registerSandboxProviderJobs } from "@/server/providers/sandbox/jobs";
import { openApplicantLink } from "@/server/providers/sandbox/kyc-link";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import {
  allowResend,
  customerOf,
  lastCode,
  messagesTo,
  VALID_ANSWERS,
  wrongCode,
} from "@/server/testing/onboarding";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

beforeAll(async () => {
  // The chain finishes a deployment at once; the worker below runs its job.
  setEnvForTests({ SAFE_DEPLOY_SECONDS: "0" });
  registerSandboxProviderJobs();
});
afterAll(async () => {
  setEnvForTests({ SAFE_DEPLOY_SECONDS: undefined });
  resetEnvForTests();
});

type Body = {
  success: boolean;
  message: string;
  data: Record<string, unknown>;
  error_code?: string;
  details?: { path: string; message: string }[];
};

async function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: Body; res: Response }> {
  const res = await app.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Body, res };
}

async function program() {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  return { org, auth, orgId: org.orgId };
}

async function start(auth: Record<string, string>, email: string) {
  const r = await call("POST", "/api/v1/svc-card/onboarding", auth, { email });
  expect(r.status).toBe(201);
  return r.body.data as { svc_card_id: string; email: string };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe("card onboarding over REST", () => {
  it(
    "walks from start to a deployed wallet: step 5, next_action 'Create " + "the first virtual card.'",
    async () => {
      const { auth, orgId } = await program();
      const db = database.db;
      const email = uniqueEmail("walk");

      // Step 1: start (201) and the emailed code.
      const started = await call("POST", "/api/v1/svc-card/onboarding", auth, {
        email: email.toUpperCase(),
        external_id: "walk-1",
      });
      expect(started.status).toBe(201);
      expect(started.body.success).toBe(true);
      expect(Object.keys(started.body.data).sort()).toEqual([
        "code_expires_at",
        "email",
        "external_id",
        "flow_status",
        "metadata",
        "next_action",
        "step",
        "svc_card_id",
      ]);
      expect(started.body.data).toMatchObject({
        email,
        external_id: "walk-1",
        step: 1,
        flow_status: "email_verification",
      });
      const id = started.body.data.svc_card_id as string;
      const base = `/api/v1/svc-card/${id}`;

      const bad = await call("POST", `${base}/verify-otp`, auth, {
        otp: wrongCode(await lastCode(db, orgId, email)),
      });
      expect(bad.status).toBe(422);
      expect(bad.body).toMatchObject({
        success: false,
        error_code: "INVALID_OTP",
        message: expect.stringContaining("4 tries left"),
      });
      const verified = await call("POST", `${base}/verify-otp`, auth, {
        otp: await lastCode(db, orgId, email),
      });
      expect(verified.status).toBe(200);
      expect(verified.body.data).toEqual({
        svc_card_id: id,
        step: 2,
        flow_status: "identity_verification",
        next_action: "Complete identity verification on the hosted KYC page.",
      });

      // Step 2: the hosted KYC page (decided through the sandbox, as its reviewer would).
      const link = await call(
        "GET",
        `${base}/kyc-link?return_to=${encodeURIComponent("/onboarding/done")}`,
        auth,
      );
      expect(link.status).toBe(200);
      expect(new URL(link.body.data.url as string).searchParams.get("return_to")).toBe("/onboarding/done");
      const decided = await call("POST", `/api/v1/sandbox/kyc/${id}`, auth, {
        decision: "approved",
        currency: "GBP",
      });
      expect(decided.status).toBe(200);
      const kyc = await call("GET", `${base}/kyc-status`, auth);
      expect(kyc.body.data).toEqual({
        svc_card_id: id,
        kyc_status: "approved",
        currency: "GBP",
        step: 3,
        flow_status: "source_of_funds",
        next_action: "Answer the source-of-funds questions.",
      });

      // Step 3: source of funds.
      const sofPath = `/api/v1/svc-card/customers/${id}/source-of-funds`;
      const questions = await call("GET", `${sofPath}?locale=fr`, auth);
      expect(questions.status).toBe(200);
      expect(questions.body.data).toMatchObject({ svc_card_id: id, status: "questions_retrieved" });
      expect((questions.body.data.questions as { label: string }[])[0]!.label).toBe(
        "Quelle est votre situation professionnelle ?",
      );
      const invalid = await call("POST", sofPath, auth, {
        answers: [{ question: "EMPLOYMENT_STATUS", answer: "PIRATE" }],
      });
      expect(invalid.status).toBe(422);
      expect(invalid.body.error_code).toBe("INVALID_ANSWER");
      expect(invalid.body.details![0]).toEqual({
        path: "answers[0].answer",
        message: expect.stringContaining("not an option"),
      });
      expect(invalid.body.details).toHaveLength(5);
      const sof = await call("POST", sofPath, auth, { answers: VALID_ANSWERS });
      expect(sof.status).toBe(200);
      expect(sof.body.data).toMatchObject({
        svc_card_id: id,
        status: "completed",
        next_step: "phone_verification",
      });

      // Step 4: phone.
      const badPhone = await call("POST", "/api/phone/request-verification", auth, {
        svc_card_id: id,
        phone: "07700 900123",
      });
      expect(badPhone.status).toBe(400);
      expect(badPhone.body).toMatchObject({
        error_code: "VALIDATION_ERROR",
        details: [expect.objectContaining({ path: "phone" })],
      });
      const sent = await call("POST", "/api/phone/request-verification", auth, {
        svc_card_id: id,
        phone: "+447700900123",
      });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toMatchObject({ svc_card_id: id, phone: "+*********123" });
      const phoneOk = await call("POST", "/api/phone/verify", auth, {
        svc_card_id: id,
        code: await lastCode(db, orgId, "+447700900123"),
      });
      expect(phoneOk.body.data).toEqual({
        svc_card_id: id,
        step: 5,
        flow_status: "account_setup",
        next_action: "Deploy the account wallet.",
      });

      // Step 5: the account wallet, 202 then polled until ready.
      const deploy = await call("POST", `${base}/safe/deploy`, auth);
      expect(deploy.status).toBe(202);
      expect(deploy.body.data).toMatchObject({
        deployment_accepted: true,
        already_deployed: false,
        is_ready: false,
        token_symbol: "GBPe",
        fiat_symbol: "GBP",
        monitor_endpoint: `${base}/safe/deploy`,
      });
      const worker = await startWorker({ db, kinds: [SAFE_READY_JOB], pollMs: 20, events: false });
      let polled: Body["data"] = {};
      try {
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          const r = await call("GET", deploy.body.data.monitor_endpoint as string, auth);
          expect(r.status).toBe(200);
          polled = r.body.data;
          if (polled.is_ready) break;
          await sleep(50);
        }
      } finally {
        await worker.stop(0);
      }
      expect(polled).toMatchObject({
        already_deployed: true,
        is_ready: true,
        account_status: 0,
        account_status_meaning: "Ok",
        deploy_status: "deployed",
      });
      expect(polled.safe_address).toMatch(/^0x[0-9a-f]{40}$/);
      const again = await call("POST", `${base}/safe/deploy`, auth);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(polled);

      const done = await call("GET", `${base}/kyc-status`, auth);
      expect(done.body.data).toMatchObject({
        step: 5,
        flow_status: "account_setup",
        next_action: "Create the first virtual card.",
      });
      const issuerView = await call("GET", `/api/v1/card-issuer/customers/walk-1`, auth);
      expect(issuerView.body.data).toMatchObject({
        svc_card_id: id,
        step: 5,
        safe_deployed: true,
        next_action: "Create the first virtual card.",
      });
    },
  );

  it(
    "B2B customers: POST /card-issuer/customers (201, external_id " +
      "required) and the customers/ safe path",
    async () => {
      const { auth } = await program();
      const missing = await call("POST", "/api/v1/card-issuer/customers", auth, {
        email: uniqueEmail("b2b"),
      });
      expect(missing.status).toBe(400);
      const created = await call("POST", "/api/v1/card-issuer/customers", auth, {
        email: uniqueEmail("b2b"),
        external_id: "acme-7",
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ external_id: "acme-7", step: 1 });
      const id = created.body.data.svc_card_id as string;
      const early = await call("POST", `/api/v1/svc-card/customers/${id}/safe/deploy`, auth);
      expect(early.status).toBe(409);
      expect(early.body.error_code).toBe("EMAIL_NOT_VERIFIED");
    },
  );

  it(
    "refusals: OTP_LOCKED with Retry-After, EMAIL_IN_USE, steps out of " + "order, RATE_LIMITED on resend",
    async () => {
      const { auth, orgId } = await program();
      const db = database.db;
      const email = uniqueEmail("refuse");
      const { svc_card_id: id } = await start(auth, email);
      const code = await lastCode(db, orgId, email);
      for (let i = 0; i < 4; i++)
        expect(
          (await call("POST", `/api/v1/svc-card/${id}/verify-otp`, auth, { otp: wrongCode(code) })).status,
        ).toBe(422);
      const locked = await call("POST", `/api/v1/svc-card/${id}/verify-otp`, auth, { otp: wrongCode(code) });
      expect(locked.status).toBe(429);
      expect(locked.body.error_code).toBe("OTP_LOCKED");
      expect(Number(locked.res.headers.get("retry-after"))).toBeGreaterThan(0);
      const resendSoon = await call("POST", `/api/v1/svc-card/${id}/otp/resend`, auth);
      expect(resendSoon.status).toBe(429);
      expect(resendSoon.body.error_code).toBe("RATE_LIMITED");
      expect(resendSoon.res.headers.get("retry-after")).toBeTruthy();
      await allowResend(db, (await customerOf(db, id)).id, "email_verification");
      const resent = await call("POST", `/api/v1/svc-card/${id}/otp/resend`, auth);
      expect(resent.status).toBe(200);
      expect(
        (
          await call("POST", `/api/v1/svc-card/${id}/verify-otp`, auth, {
            otp: await lastCode(db, orgId, email),
          })
        ).status,
      ).toBe(200);

      const inUse = await call("POST", "/api/v1/svc-card/onboarding", auth, { email });
      expect(inUse.status).toBe(409);
      expect(inUse.body.error_code).toBe("EMAIL_IN_USE");
      const done = await call("POST", `/api/v1/svc-card/${id}/verify-otp`, auth, { otp: "123456" });
      expect(done.body.error_code).toBe("ONBOARDING_STEP_DONE");

      const order: [string, string, unknown, string][] = [
        [
          "POST",
          `/api/v1/svc-card/customers/${id}/source-of-funds`,
          { answers: VALID_ANSWERS },
          "KYC_NOT_APPROVED",
        ],
        [
          "POST",
          "/api/phone/request-verification",
          { svc_card_id: id, phone: "+447700900123" },
          "KYC_NOT_APPROVED",
        ],
        ["POST", `/api/v1/svc-card/${id}/safe/deploy`, undefined, "KYC_NOT_APPROVED"],
      ];
      for (const [method, path, body, code] of order) {
        const r = await call(method, path, auth, body);
        expect(r.status, path).toBe(409);
        expect(r.body.error_code, path).toBe(code);
      }
      await call("POST", `/api/v1/sandbox/kyc/${id}`, auth, { decision: "rejected" });
      const rejected = await call("GET", `/api/v1/svc-card/${id}/kyc-link`, auth);
      expect(rejected.status).toBe(409);
      expect(rejected.body.error_code).toBe("KYC_REJECTED");
      expect((await call("GET", `/api/v1/svc-card/${id}/kyc-status`, auth)).body.data).toMatchObject({
        kyc_status: "rejected",
        flow_status: "rejected",
        step: 2,
      });
    },
  );

  it(
    "access: another organization 404, viewer 403 on writes and 200 on " +
      "reads, a cardholder only on its own account",
    async () => {
      const a = await program();
      const b = await program();
      const email = uniqueEmail("access");
      const { svc_card_id: id } = await start(a.auth, email);
      const code = await lastCode(database.db, a.orgId, email);

      const cross = await call("POST", `/api/v1/svc-card/${id}/verify-otp`, b.auth, { otp: code });
      expect(cross.status).toBe(404);
      expect(cross.body.error_code).toBe("NOT_FOUND");
      expect((await call("GET", `/api/v1/svc-card/${id}/kyc-status`, b.auth)).status).toBe(404);
      expect((await call("GET", `/api/v1/svc-card/customers/${id}/safe/deploy`, b.auth)).status).toBe(404);

      const viewer = bearer(await a.org.token((await a.org.user("viewer")).userId));
      const denied = await call("POST", `/api/v1/svc-card/${id}/verify-otp`, viewer, { otp: code });
      expect(denied.status).toBe(403);
      expect(denied.body.error_code).toBe("INSUFFICIENT_PERMISSION");
      expect(
        (await call("POST", "/api/v1/svc-card/onboarding", viewer, { email: uniqueEmail("v") })).status,
      ).toBe(403);
      expect(
        (
          await call("POST", "/api/v1/card-issuer/customers", viewer, {
            email: uniqueEmail("v"),
            external_id: "v-1",
          })
        ).status,
      ).toBe(403);
      expect((await call("GET", `/api/v1/svc-card/${id}/kyc-status`, viewer)).status).toBe(200);

      const mine = await customerOf(database.db, id);
      const other = await start(a.auth, uniqueEmail("other"));
      const otherRow = await customerOf(database.db, other.svc_card_id);
      const strangerToken = bearer(
        (await createCardholderSession(database.db, { orgId: a.orgId, customerId: otherRow.id })).token,
      );
      expect(
        (await call("POST", `/api/v1/svc-card/${id}/verify-otp`, strangerToken, { otp: code })).status,
      ).toBe(404);
      expect(
        (await call("POST", "/api/v1/svc-card/onboarding", strangerToken, { email: uniqueEmail("c") }))
          .status,
      ).toBe(403);
      const ownToken = bearer(
        (await createCardholderSession(database.db, { orgId: a.orgId, customerId: mine.id })).token,
      );
      const own = await call("POST", `/api/v1/svc-card/${id}/verify-otp`, ownToken, { otp: code });
      expect(own.status).toBe(200);
      expect(own.body.data).toMatchObject({ step: 2 });
    },
  );

  it(
    "kyc-link mints a credential: a read key or a viewer is refused and the applicant's link " +
      "keeps working; write and the cardholder get one (issue 23, defect 11)",
    async () => {
      const { org, auth, orgId } = await program();
      const email = uniqueEmail("kyc-link");
      const { svc_card_id: id } = await start(auth, email);
      const verified = await call("POST", `/api/v1/svc-card/${id}/verify-otp`, auth, {
        otp: await lastCode(database.db, orgId, email),
      });
      expect(verified.status).toBe(200);
      const ownToken = bearer(
        (
          await createCardholderSession(database.db, {
            orgId,
            customerId: (await customerOf(database.db, id)).id,
          })
        ).token,
      );
      const mine = await call("GET", `/api/v1/svc-card/${id}/kyc-link`, ownToken);
      expect(mine.status).toBe(200);
      const linkToken = new URL(mine.body.data.url as string).pathname.split("/").at(-1)!;
      expect(await openApplicantLink(database.db, linkToken)).not.toBeNull();

      const { apiKey, apiSecret } = newKeyPair();
      await database.db.insert(apiKeys).values({
        id: newId("key"),
        orgId,
        name: "read only",
        apiKey,
        secretHash: sha256Hex(apiSecret),
        permissions: ["read"],
      });
      const readKey = { "x-api-key": apiKey, "x-api-secret": apiSecret };
      const viewer = bearer(await org.token((await org.user("viewer")).userId));
      for (const reader of [readKey, viewer]) {
        const refused = await call("GET", `/api/v1/svc-card/${id}/kyc-link`, reader);
        expect(refused.status).toBe(403);
        expect(refused.body.error_code).toBe("INSUFFICIENT_PERMISSION");
        expect(JSON.stringify(refused.body)).not.toContain("/kyc/");
        // Reading the status stays open to them.
        expect((await call("GET", `/api/v1/svc-card/${id}/kyc-status`, reader)).status).toBe(200);
      }
      // The cardholder's link was not replaced by the refused calls.
      expect(await openApplicantLink(database.db, linkToken)).not.toBeNull();

      const operator = bearer(await org.token((await org.user("operator")).userId));
      expect((await call("GET", `/api/v1/svc-card/${id}/kyc-link`, operator)).status).toBe(200);
    },
  );

  it("Idempotency-Key on the start replays the first answer and sends one email", async () => {
    const { auth, orgId } = await program();
    const email = uniqueEmail("idem");
    const headers = { ...auth, "idempotency-key": "start-1" };
    const first = await call("POST", "/api/v1/svc-card/onboarding", headers, { email });
    const second = await call("POST", "/api/v1/svc-card/onboarding", headers, { email });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.res.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body.data).toEqual(first.body.data);
    expect(await messagesTo(database.db, orgId, email)).toHaveLength(1);
  });

  it("the OpenAPI document lists every onboarding operation with its scope", async () => {
    const res = await app.request("/api/openapi.json");
    const doc = (await res.json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const expected: [string, string, string][] = [
      ["/api/v1/svc-card/onboarding", "post", "write"],
      ["/api/v1/card-issuer/customers", "post", "write"],
      ["/api/v1/svc-card/{svcCardId}/otp/resend", "post", "write"],
      ["/api/v1/svc-card/{svcCardId}/verify-otp", "post", "write"],
      ["/api/v1/svc-card/{svcCardId}/kyc-link", "get", "write"],
      ["/api/v1/svc-card/{svcCardId}/kyc-status", "get", "read"],
      ["/api/v1/svc-card/customers/{svcCardId}/source-of-funds", "get", "read"],
      ["/api/v1/svc-card/customers/{svcCardId}/source-of-funds", "post", "write"],
      ["/api/phone/request-verification", "post", "write"],
      ["/api/phone/verify", "post", "write"],
      ["/api/v1/svc-card/{svcCardId}/safe/deploy", "post", "write"],
      ["/api/v1/svc-card/{svcCardId}/safe/deploy", "get", "read"],
      ["/api/v1/svc-card/customers/{svcCardId}/safe/deploy", "post", "write"],
      ["/api/v1/svc-card/customers/{svcCardId}/safe/deploy", "get", "read"],
    ];
    for (const [path, method, scope] of expected)
      expect(doc.paths[path]?.[method]?.["x-required-scope"], `${method} ${path}`).toBe(scope);
    expect(doc.paths["/api/v1/svc-card/onboarding"]!.post!["x-cardholder-token"]).toBeUndefined();
    expect(doc.paths["/api/v1/svc-card/{svcCardId}/verify-otp"]!.post!["x-cardholder-token"]).toBe(true);
  });
});
