import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApiApp } from "@/server/api/app";
import type { Ctx } from "@/server/context";
import { sha256Hex } from "@/server/crypto/hash";
import { cardholderSessions } from "@/server/db/schema/cards";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, uniqueEmail } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { walkTo } from "@/server/testing/onboarding";
import { createCardholderSession, endCardholderSession } from "./session";

const database = withTestDatabase();
const app = createApiApp();

async function signedIn() {
  const org = await createTestOrg(database.db);
  const system: Ctx = { db: database.db, orgId: org.orgId, actor: { type: "system", reason: "test" } };
  const email = uniqueEmail("holder");
  const customer = await walkTo(system, "source_of_funds", { email });
  const { token } = await createCardholderSession(database.db, { orgId: org.orgId, customerId: customer.id });
  return { org, system, email, customer, token, auth: bearer(token) };
}

async function json(res: Response) {
  return (await res.json()) as { success: boolean; error_code?: string; data?: Record<string, unknown> };
}

describe("a cardholder's session token on the REST API", () => {
  it("GET /api/v1/svc-card/my-account answers the cardholder's own account", async () => {
    const me = await signedIn();
    const res = await app.request("/api/v1/svc-card/my-account", { headers: me.auth });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      svc_card_id: me.customer.svcCardId,
      email: me.email,
      step: 3,
      flow_status: "source_of_funds",
      pin_set: false,
      cards: [],
    });
  });

  it(
    "reaches the cardholder's own customer paths, and another customer's " + "(same program) is 404",
    async () => {
      const me = await signedIn();
      const own = await app.request(`/api/v1/svc-card/${me.customer.svcCardId}/kyc-status`, {
        headers: me.auth,
      });
      expect(own.status).toBe(200);
      expect((await json(own)).data).toMatchObject({
        svc_card_id: me.customer.svcCardId,
        kyc_status: "approved",
      });
      const neighbour = await walkTo(me.system, "identity_verification", { email: uniqueEmail("neighbour") });
      const theirs = await app.request(`/api/v1/svc-card/${neighbour.svcCardId}/kyc-status`, {
        headers: me.auth,
      });
      expect(theirs.status).toBe(404);
      expect((await json(theirs)).error_code).toBe("NOT_FOUND");
    },
  );

  it(
    "program-wide endpoints refuse it (403 INSUFFICIENT_PERMISSION): it " + "has no scopes of its own",
    async () => {
      const me = await signedIn();
      const res = await app.request("/api/v1/svc-card/settings/secure-theme", { headers: me.auth });
      expect(res.status).toBe(403);
      expect((await json(res)).error_code).toBe("INSUFFICIENT_PERMISSION");
    },
  );

  it("expired: 401 TOKEN_EXPIRED; signed out or made up: 401 UNAUTHENTICATED", async () => {
    const me = await signedIn();
    await database.db
      .update(cardholderSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(cardholderSessions.tokenHash, sha256Hex(me.token)));
    const expired = await app.request("/api/v1/svc-card/my-account", { headers: me.auth });
    expect(expired.status).toBe(401);
    expect((await json(expired)).error_code).toBe("TOKEN_EXPIRED");

    const other = await createCardholderSession(database.db, {
      orgId: me.org.orgId,
      customerId: me.customer.id,
    });
    expect((await app.request("/api/v1/svc-card/my-account", { headers: bearer(other.token) })).status).toBe(
      200,
    );
    await endCardholderSession(database.db, other.token);
    const ended = await app.request("/api/v1/svc-card/my-account", { headers: bearer(other.token) });
    expect(ended.status).toBe(401);
    expect((await json(ended)).error_code).toBe("UNAUTHENTICATED");

    const madeUp = await app.request("/api/v1/svc-card/my-account", {
      headers: bearer(`cht_${"A".repeat(43)}`),
    });
    expect(madeUp.status).toBe(401);
    expect((await json(madeUp)).error_code).toBe("UNAUTHENTICATED");
  });

  it("a dashboard user's token on my-account is refused: the endpoint is for cardholders", async () => {
    const me = await signedIn();
    const res = await app.request("/api/v1/svc-card/my-account", {
      headers: bearer(await me.org.token(me.org.admin.userId)),
    });
    expect(res.status).toBe(403);
  });
});
