import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests, setEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { newKeyPair } from "@/server/apikeys/key-material";
import { totpCode } from "@/server/auth/totp";
import { sha256Hex } from "@/server/crypto/hash";
import { apiKeys } from "@/server/db/schema/apikeys";
import { sandboxMessaging } from "@/server/providers/sandbox/messaging";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

beforeAll(async () => {
  resetEnvForTests();
});
afterEach(() => {
  setEnvForTests({ SVC_MODE: undefined });
});

interface Body {
  success: boolean;
  error_code?: string;
  data: Record<string, unknown> & { messages?: Record<string, unknown>[] };
}

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: Body }> {
  const res = await app.request(path, init);
  return { status: res.status, body: (await res.json()) as Body };
}

async function setup() {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  const viewer = await org.user("viewer");
  const viewerAuth = bearer(await org.token(viewer.userId));
  return { org, auth, viewerAuth };
}

/** A customer at step 2: email verified, identity verification open. */
function customerAtKyc(orgId: string) {
  return createReadyCustomer(database.db, orgId, {
    step: 2,
    flowStatus: "identity_verification",
    kycStatus: "pending",
    kycUpdatedAt: null,
    currency: null,
    sourceOfFunds: null,
    sourceOfFundsAt: null,
    phone: null,
    phoneVerifiedAt: null,
    safeState: "not_deployed",
    safeAddress: null,
    safeRequestedAt: null,
    safeDeployedAt: null,
    accountStatus: null,
  });
}

const kyc = (svcCardId: string) => `/api/v1/sandbox/kyc/${svcCardId}`;

describe("POST /api/v1/sandbox/kyc/{svcCardId}", () => {
  it(
    "approves in the currency's region: the customer comes back approved, " +
      "with the currency, at source of funds",
    async () => {
      const { org, auth } = await setup();
      const customer = await customerAtKyc(org.orgId);
      const { status, body } = await call(
        kyc(customer.svcCardId),
        postJson({ decision: "approved", currency: "GBP" }, auth),
      );
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({
        svc_card_id: customer.svcCardId,
        kyc_status: "approved",
        currency: "GBP",
        flow_status: "source_of_funds",
        step: 3,
      });
      // Approved once: the same decision again is a no-op, another one is refused.
      expect(
        (await call(kyc(customer.svcCardId), postJson({ decision: "approved" }, auth))).body.data,
      ).toMatchObject({ kyc_status: "approved", currency: "GBP" });
      const changed = await call(kyc(customer.svcCardId), postJson({ decision: "rejected" }, auth));
      expect(changed.status).toBe(409);
      expect(changed.body.error_code).toBe("ONBOARDING_STEP_DONE");
    },
  );

  it(
    "defaults to EUR; manual review leaves the currency open; rejection " + "ends onboarding and is final",
    async () => {
      const { org, auth } = await setup();
      const a = await customerAtKyc(org.orgId);
      expect(
        (await call(kyc(a.svcCardId), postJson({ decision: "approved" }, auth))).body.data,
      ).toMatchObject({
        kyc_status: "approved",
        currency: "EUR",
      });

      const b = await customerAtKyc(org.orgId);
      const review = await call(
        kyc(b.svcCardId),
        postJson({ decision: "pending_review", currency: "USD" }, auth),
      );
      expect(review.body.data).toMatchObject({
        kyc_status: "pending_review",
        currency: null,
        flow_status: "identity_verification",
      });
      const rejected = await call(kyc(b.svcCardId), postJson({ decision: "rejected" }, auth));
      expect(rejected.body.data).toMatchObject({
        kyc_status: "rejected",
        currency: null,
        flow_status: "rejected",
      });
      const late = await call(kyc(b.svcCardId), postJson({ decision: "approved" }, auth));
      expect(late.status).toBe(409);
      expect(late.body.error_code).toBe("KYC_REJECTED");
    },
  );

  it(
    "refuses an unverified email, an unknown or foreign customer, a bad " + "decision and the read scope",
    async () => {
      const { org, auth, viewerAuth } = await setup();
      const unverified = await createReadyCustomer(database.db, org.orgId, {
        step: 1,
        flowStatus: "email_verification",
        emailVerifiedAt: null,
        kycStatus: "pending",
        currency: null,
      });
      const early = await call(kyc(unverified.svcCardId), postJson({ decision: "approved" }, auth));
      expect(early.status).toBe(409);
      expect(early.body.error_code).toBe("EMAIL_NOT_VERIFIED");

      const customer = await customerAtKyc(org.orgId);
      expect((await call(kyc("sc_unknown"), postJson({ decision: "approved" }, auth))).status).toBe(404);
      const stranger = await setup();
      expect(
        (await call(kyc(customer.svcCardId), postJson({ decision: "approved" }, stranger.auth))).body
          .error_code,
      ).toBe("NOT_FOUND");
      const invalid = await call(kyc(customer.svcCardId), postJson({ decision: "maybe" }, auth));
      expect(invalid.status).toBe(400);
      expect(invalid.body.error_code).toBe("VALIDATION_ERROR");
      expect(
        (await call(kyc(customer.svcCardId), postJson({ decision: "approved", currency: "JPY" }, auth)))
          .status,
      ).toBe(400);
      const viewer = await call(kyc(customer.svcCardId), postJson({ decision: "approved" }, viewerAuth));
      expect(viewer.status).toBe(403);
      expect((await call(kyc(customer.svcCardId), postJson({ decision: "approved" }))).status).toBe(401);
      // Nothing of the refused calls stuck.
      expect(
        (await call(kyc(customer.svcCardId), postJson({ decision: "pending_review" }, auth))).body.data,
      ).toMatchObject({ kyc_status: "pending_review" });
    },
  );
});

describe("GET /api/v1/sandbox/outbox", () => {
  it(
    "lists the organization's messages newest first, by recipient, with a " + "limit; write scope only",
    async () => {
      const { org, auth, viewerAuth } = await setup();
      const stranger = await setup();
      const db = database.db;
      await sandboxMessaging.sendEmail(db, {
        orgId: org.orgId,
        to: "ada@example.test",
        subject: "Your code",
        text: "Your code is 123456.",
      });
      await sandboxMessaging.sendSms(db, { orgId: org.orgId, to: "+447700900123", text: "Code 654321" });
      await sandboxMessaging.sendEmail(db, {
        orgId: stranger.org.orgId,
        to: "ada@example.test",
        subject: "Theirs",
        text: "Not yours 999999",
      });

      const all = await call("/api/v1/sandbox/outbox", { headers: auth });
      expect(all.status).toBe(200);
      expect(all.body.data.messages!.map((m) => m.body)).toEqual(["Code 654321", "Your code is 123456."]);
      expect(Object.keys(all.body.data.messages![0]!).sort()).toEqual([
        "body",
        "channel",
        "created_at",
        "id",
        "staff_access",
        "subject",
        "to",
      ]);
      expect(all.body.data.messages![1]).toMatchObject({
        channel: "email",
        to: "ada@example.test",
        subject: "Your code",
      });

      const filtered = await call(`/api/v1/sandbox/outbox?to=${encodeURIComponent("ADA@example.test")}`, {
        headers: auth,
      });
      expect(filtered.body.data.messages!.map((m) => m.body)).toEqual(["Your code is 123456."]);
      expect(
        (await call("/api/v1/sandbox/outbox?limit=1", { headers: auth })).body.data.messages,
      ).toHaveLength(1);
      expect((await call("/api/v1/sandbox/outbox?limit=0", { headers: auth })).status).toBe(400);
      expect((await call("/api/v1/sandbox/outbox", { headers: viewerAuth })).status).toBe(403);
      expect((await call("/api/v1/sandbox/outbox")).status).toBe(401);
    },
  );
});

describe("team invitations in the dev outbox (issue 23, defect 2)", () => {
  it(
    "an admin's invitation of an admin reaches admins only: never an operator, a viewer or an " +
      "API key of any scopes, so none of them can accept it",
    async () => {
      const { org, auth, viewerAuth } = await setup();
      const operator = await org.user("operator");
      const operatorAuth = bearer(await org.token(operator.userId));
      const { apiKey, apiSecret } = newKeyPair();
      await database.db.insert(apiKeys).values({
        id: newId("key"),
        orgId: org.orgId,
        name: "every scope",
        apiKey,
        secretHash: sha256Hex(apiSecret),
        permissions: ["read", "write", "transactions", "webhooks"],
      });
      const keyAuth = { "x-api-key": apiKey, "x-api-secret": apiSecret };
      const email = uniqueEmail("new-admin");
      await sandboxMessaging.sendSms(database.db, {
        orgId: org.orgId,
        to: "+447700900999",
        text: "Code 424242",
      });
      const invited = await call(
        "/api/v1/team/invitations",
        postJson({ email, role: "admin" }, { ...auth, "x-2fa-token": totpCode(org.admin.totpSecret) }),
      );
      expect(invited.status).toBe(201);

      for (const reader of [operatorAuth, keyAuth]) {
        for (const query of ["", `?to=${encodeURIComponent(email)}`]) {
          const res = await call(`/api/v1/sandbox/outbox${query}`, { headers: reader });
          expect(res.status).toBe(200);
          const text = JSON.stringify(res.body);
          expect(text).not.toContain("/invite/");
          expect(text).not.toContain(email);
        }
        // The rest of the outbox is still theirs.
        const all = await call("/api/v1/sandbox/outbox", { headers: reader });
        expect(all.body.data.messages!.map((m) => m.body)).toEqual(["Code 424242"]);
      }
      expect((await call("/api/v1/sandbox/outbox", { headers: viewerAuth })).status).toBe(403);

      const forAdmin = await call(`/api/v1/sandbox/outbox?to=${encodeURIComponent(email)}`, {
        headers: auth,
      });
      expect(forAdmin.body.data.messages).toHaveLength(1);
      expect(forAdmin.body.data.messages![0]).toMatchObject({ staff_access: true, to: email });
      expect(forAdmin.body.data.messages![0]!.body).toMatch(/\/invite\/svc_inv_/);
    },
  );
});

describe("live mode", () => {
  it(
    "the sandbox endpoints do not exist: 404 NOT_FOUND, with or without a " +
      "credential, and not in the document",
    async () => {
      const { org, auth } = await setup();
      const customer = await customerAtKyc(org.orgId);
      setEnvForTests({ SVC_MODE: "live" });
      for (const headers of [auth, {}]) {
        const post = await call(kyc(customer.svcCardId), postJson({ decision: "approved" }, headers));
        expect(post.status).toBe(404);
        expect(post.body).toMatchObject({ success: false, error_code: "NOT_FOUND" });
        const get = await call("/api/v1/sandbox/outbox", { headers });
        expect(get.status).toBe(404);
        expect(get.body.error_code).toBe("NOT_FOUND");
      }
      const liveApp = createApiApp();
      const doc = JSON.stringify(
        liveApp.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }).paths ?? {},
      );
      expect(doc).not.toContain("/api/v1/sandbox/kyc/");
      expect(doc).not.toContain("/api/v1/sandbox/outbox");
      setEnvForTests({ SVC_MODE: undefined });
      // Back in sandbox mode the decision was never taken.
      expect(
        (await call(kyc(customer.svcCardId), postJson({ decision: "pending_review" }, auth))).body.data,
      ).toMatchObject({ kyc_status: "pending_review" });
      const sandboxDoc = JSON.stringify(
        createApiApp().getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } }).paths ??
          {},
      );
      expect(sandboxDoc).toContain("/api/v1/sandbox/kyc/{svcCardId}");
      expect(sandboxDoc).toContain("/api/v1/sandbox/outbox");
    },
  );
});
