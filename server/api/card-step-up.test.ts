import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PERMISSIONS, stepUpOf, type UseCase } from "@/lib/contracts/permissions";
import { actionStepUp } from "@/server/action-kit/run-action";
import { createCardholderSession } from "@/server/cards/cardholder/session";
import { cards } from "@/server/db/schema/cards";
import { documentCache } from "@/server/http/openapi";
import { routeStepUp } from "@/server/http/step-up";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

/*
 * REST and the dashboard guard the same card changes with the 2FA step-up (docs/api-scopes.md):
 * void, report, block and unblock ask a user access token for a current code, as freeze and
 * unfreeze do and as the dashboard's actions always did; API keys and cardholders are not asked.
 */
const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
afterAll(() => clock.restore());

type Headers = Record<string, string>;

function post(headers: Headers, body?: unknown): RequestInit {
  return body === undefined
    ? { method: "POST", headers }
    : {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      };
}

async function call(path: string, init: RequestInit): Promise<{ status: number; code?: string }> {
  const res = await app.request(path, init);
  const body = (await res.json()) as { error_code?: string };
  return { status: res.status, code: body.error_code };
}

async function program() {
  const org = await createTestOrg(database.db);
  const admin = bearer(await org.token(org.admin.userId));
  const code = () => clock.nextCode(org.admin.totpSecret);
  const created = await app.request(
    "/api/apikey/create",
    post({ ...admin, "x-2fa-token": code() }, { name: "cards", permissions: ["read", "write"] }),
  );
  const k = (await created.json()) as { api_key: string; api_secret: string };
  const key = { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
  const customer = await createReadyCustomer(database.db, org.orgId, { step: 6, flowStatus: "active" });
  return { org, admin, code, key, customer };
}

type Program = Awaited<ReturnType<typeof program>>;

const CHANGES = {
  void: { body: undefined, before: "active" },
  report: { body: { reason: "lost" }, before: "active" },
  block: { body: undefined, before: "active" },
  unblock: { body: undefined, before: "blocked" },
} as const;
type Change = keyof typeof CHANGES;

async function cardFor(p: Program, change: Change) {
  const card = await createTestCard(database.db, p.customer, { status: CHANGES[change].before });
  return {
    id: card.id,
    path: `/api/v1/svc-card/customers/${p.customer.svcCardId}/cards/${card.id}/${change}`,
    status: async () => (await database.db.select().from(cards).where(eq(cards.id, card.id)))[0]!.status,
  };
}

describe("REST card changes ask a user token for the 2FA step-up", () => {
  for (const change of Object.keys(CHANGES) as Change[]) {
    const body = CHANGES[change].body;
    it(`${change}: 403 TWO_FACTOR_REQUIRED without a code, INVALID_2FA_TOKEN with a wrong one, 200 with a current one`, async () => {
      const p = await program();
      const card = await cardFor(p, change);
      expect(await call(card.path, post(p.admin, body))).toEqual({
        status: 403,
        code: "TWO_FACTOR_REQUIRED",
      });
      expect(await call(card.path, post({ ...p.admin, "x-2fa-token": "000000" }, body))).toEqual({
        status: 403,
        code: "INVALID_2FA_TOKEN",
      });
      expect(await card.status()).toBe(CHANGES[change].before);
      // An unknown card is 404 before any code is asked for.
      expect(await call(card.path.replace(card.id, "crd_nope"), post(p.admin, body))).toMatchObject({
        status: 404,
      });
      expect(await call(card.path, post({ ...p.admin, "x-2fa-token": p.code() }, body))).toMatchObject({
        status: 200,
      });
      expect(await card.status()).not.toBe(CHANGES[change].before);
    });
  }

  it("the code may travel in the body's two_factor_token; a member without 2FA is refused", async () => {
    const p = await program();
    const reported = await cardFor(p, "report");
    expect(
      await call(reported.path, post(p.admin, { reason: "stolen", two_factor_token: p.code() })),
    ).toMatchObject({ status: 200 });
    const voided = await cardFor(p, "void");
    expect(await call(voided.path, post(p.admin, { two_factor_token: p.code() }))).toMatchObject({
      status: 200,
    });
    const operator = await p.org.user("operator");
    const blocked = await cardFor(p, "block");
    expect(await call(blocked.path, post(bearer(await p.org.token(operator.userId))))).toEqual({
      status: 403,
      code: "TWO_FACTOR_NOT_ENABLED",
    });
    expect(await blocked.status()).toBe("active");
  });

  it("an API key (write) is not asked; a cardholder voids and reports their own card without a code", async () => {
    const p = await program();
    for (const change of Object.keys(CHANGES) as Change[]) {
      const card = await cardFor(p, change);
      expect(await call(card.path, post(p.key, CHANGES[change].body)), change).toMatchObject({ status: 200 });
    }
    const holder = bearer(
      (await createCardholderSession(database.db, { orgId: p.org.orgId, customerId: p.customer.id })).token,
    );
    for (const change of ["void", "report"] as const) {
      const card = await cardFor(p, change);
      expect(await call(card.path, post(holder, CHANGES[change].body)), change).toMatchObject({
        status: 200,
      });
    }
  });
});

describe("the permission table is the one statement of the step-up", () => {
  const doc = JSON.parse(documentCache(app)()) as {
    paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
  };
  const takesCode = (path: string) =>
    (doc.paths[path]!.post!.parameters ?? []).some((param) => param.name === "x-2fa-token");

  it("every card change takes the code over REST and asks the dashboard's step-up", () => {
    for (const change of ["freeze", "unfreeze", ...Object.keys(CHANGES)]) {
      expect(takesCode(`/api/v1/svc-card/customers/{svcCardId}/cards/{cardId}/${change}`), change).toBe(true);
    }
    for (const useCase of Object.keys(PERMISSIONS) as UseCase[]) {
      expect(actionStepUp({ can: useCase }), useCase).toBe(stepUpOf(useCase) === true);
    }
    expect(stepUpOf("voidCard")).toBe(true);
    expect(stepUpOf("createApiKey")).toBe("every-call");
  });

  it("a route and an action state no step-up of their own: the table's entry is the answer", () => {
    expect(routeStepUp("voidCard")).toBe(true);
    expect(routeStepUp("createApiKey")).toBe(true);
    expect(routeStepUp("listCards")).toBe(false);
    expect(actionStepUp({ can: "voidCard" })).toBe(true);
    // Key management takes its code in the input on every call, not the session's window.
    expect(actionStepUp({ can: "createApiKey" })).toBe(false);
  });
});
