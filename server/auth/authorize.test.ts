import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getServerSession } from "next-auth";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  isUseCase,
  leastRoleOf,
  type Permission,
  PERMISSIONS,
  stepUpOf,
  type UseCase,
} from "@/lib/contracts/permissions";
import { type Role, ROLE_SCOPES, ROLES, type Scope, SCOPES } from "@/lib/scopes";
import { type ActionDescription, describeAction } from "@/server/action-kit/described";
import { createApiApp } from "@/server/api/app";
import { openDashboardSession } from "@/server/auth/dashboard-sessions";
import { documentCache } from "@/server/http/openapi";
import { mountedRoutes } from "@/server/http/route";
import type { ApiRoute } from "@/server/http/route-spec";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";

/*
 * The permission table (lib/contracts/permissions.ts) drives this test: every REST route and every
 * server action must name a use case of it, and what each answers a caller short of it is what
 * the table says, over HTTP (the Hono app) and through the actions themselves. The dashboard
 * session is real (a session row read by server/action-kit/session.ts); only next-auth's cookie
 * decoding and Next's request headers are stood in for.
 */
vi.mock("next-auth", () => ({ getServerSession: vi.fn() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.8" }),
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
}));

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
afterAll(() => {
  clock.restore();
  vi.mocked(getServerSession).mockReset();
});

/** The routes anyone may call; a new one is a decision, written here. */
const PUBLIC_ROUTES = [
  "get /api/health",
  "get /api/health/ping",
  "post /api/apikey/token",
  "post /api/v1/team/invitations/accept",
  "get /api/v1/sandbox/checkout/{token}",
  "post /api/v1/sandbox/checkout/{token}/complete",
  "post /api/v1/sandbox/checkout/{token}/cancel",
  "post /api/v1/screener/check",
  "get /api/openapi.json",
  "get /api/reference",
  "get /api/reference/scalar.js",
];
/** The actions used before anyone is signed in (sign-in, the hosted pages, an invitation). */
const PUBLIC_ACTIONS = [
  "beginSignIn",
  "requestCardholderCode",
  "verifyCardholderCode",
  "signOutCardholder",
  "decideKycOnPage",
  "submitSecurePin",
  "acceptInvitation",
];

const routes = mountedRoutes(app);
const nameOf = (r: ApiRoute) => `${r.method} ${r.path}`;
const routeUseCase = (r: ApiRoute): UseCase => r.auth as UseCase;
const guarded = routes.filter((r) => r.auth !== "public");

interface Operation {
  "x-required-scope"?: string;
  "x-cardholder-token"?: boolean;
  "x-user-token-only"?: boolean;
  "x-required-role"?: string;
  "x-two-factor"?: boolean;
  parameters?: { in?: string; name?: string }[];
}
const doc = JSON.parse(documentCache(app)()) as { paths: Record<string, Record<string, Operation>> };

describe("every REST route names a use case of the permission table", () => {
  it("is public only where decided, and otherwise names a use case (no permission of its own)", () => {
    expect(app.routes.length).toBe(routes.length);
    expect(routes.filter((r) => r.auth === "public").map(nameOf)).toEqual(PUBLIC_ROUTES);
    for (const route of guarded) expect(isUseCase(route.auth as string), nameOf(route)).toBe(true);
  });

  it("documents the table's scope, role, 2FA and step-up for each (x-required-scope, ...)", () => {
    for (const route of guarded.filter((r) => !r.hidden)) {
      const permission: Permission = PERMISSIONS[routeUseCase(route)];
      const op = doc.paths[route.path]![route.method]!;
      const takesCode = (op.parameters ?? []).some((p) => p.in === "header" && p.name === "x-2fa-token");
      expect(takesCode, nameOf(route)).toBe(stepUpOf(routeUseCase(route)) !== undefined);
      if ("scope" in permission) {
        expect(op["x-required-scope"], nameOf(route)).toBe(permission.scope);
        expect(op["x-cardholder-token"] ?? false, nameOf(route)).toBe(permission.cardholder ?? false);
      } else {
        expect(op["x-user-token-only"], nameOf(route)).toBe(true);
        expect(op["x-required-role"], nameOf(route)).toBe(permission.user);
        expect(op["x-two-factor"], nameOf(route)).toBe(permission.twoFactor !== false);
      }
    }
  });

  it("refuses, on every route, a credential short of the table: scope, user token, role", async () => {
    const org = await createTestOrg(database.db);
    const admin = bearer(await org.token(org.admin.userId));
    const keyWithout = new Map<Scope, Record<string, string>>();
    for (const scope of SCOPES) {
      const res = await app.request("/api/apikey/create", {
        method: "POST",
        headers: {
          ...admin,
          "content-type": "application/json",
          "x-2fa-token": clock.nextCode(org.admin.totpSecret),
        },
        body: JSON.stringify({ name: `without-${scope}`, permissions: SCOPES.filter((s) => s !== scope) }),
      });
      const key = (await res.json()) as { api_key: string; api_secret: string };
      keyWithout.set(scope, { "x-api-key": key.api_key, "x-api-secret": key.api_secret });
    }
    const tokenOf = new Map<Role, Record<string, string>>();
    for (const role of ["operator", "viewer"] as const)
      tokenOf.set(role, bearer(await org.token((await org.user(role)).userId)));

    const call = async (route: ApiRoute, headers: Record<string, string>) => {
      const res = await app.request(route.path.replace(/\{[^}]+\}/g, "x_1"), {
        method: route.method.toUpperCase(),
        headers: { ...headers, "content-type": "application/json" },
        ...(route.method === "get" ? {} : { body: "{}" }),
      });
      return { status: res.status, code: ((await res.json()) as { error_code?: string }).error_code };
    };
    for (const route of guarded) {
      const permission: Permission = PERMISSIONS[routeUseCase(route)];
      const below = ROLES[ROLES.indexOf(leastRoleOf(permission)) + 1];
      if ("scope" in permission) {
        expect(await call(route, keyWithout.get(permission.scope)!), nameOf(route)).toEqual({
          status: 403,
          code: "INSUFFICIENT_PERMISSION",
        });
        if (below)
          expect(await call(route, tokenOf.get(below)!), `${nameOf(route)} as ${below}`).toEqual({
            status: 403,
            code: ROLE_SCOPES[below].includes(permission.scope)
              ? "FORBIDDEN_ROLE"
              : "INSUFFICIENT_PERMISSION",
          });
      } else {
        expect(await call(route, keyWithout.get("read")!), nameOf(route)).toEqual({
          status: 403,
          code: "USER_TOKEN_REQUIRED",
        });
        if (below)
          expect(await call(route, tokenOf.get(below)!), `${nameOf(route)} as ${below}`).toEqual({
            status: 403,
            code: "FORBIDDEN_ROLE",
          });
      }
    }
  });

  it("asks a user token for the step-up of a step-up use case, on every call where the table says so", async () => {
    const org = await createTestOrg(database.db);
    const admin = { ...bearer(await org.token(org.admin.userId)), "content-type": "application/json" };
    const customer = await createReadyCustomer(database.db, org.orgId, { step: 6, flowStatus: "active" });
    const card = await createTestCard(database.db, customer);
    const freeze = await app.request(
      `/api/v1/svc-card/customers/${customer.svcCardId}/cards/${card.id}/freeze`,
      { method: "POST", headers: admin },
    );
    expect(stepUpOf("freezeCard")).toBe(true);
    expect(freeze.status).toBe(403);
    expect(await freeze.json()).toMatchObject({ error_code: "TWO_FACTOR_REQUIRED" });
    const create = await app.request("/api/apikey/create", {
      method: "POST",
      headers: admin,
      body: JSON.stringify({ name: "no code", permissions: ["read"] }),
    });
    expect(stepUpOf("createApiKey")).toBe("every-call");
    expect(create.status).toBe(403);
    expect(await create.json()).toMatchObject({ error_code: "TWO_FACTOR_REQUIRED" });
  });
});

/** Every export of every "use server" file, with what the kit knows of it. */
async function serverActions(): Promise<{ name: string; action: unknown; spec?: ActionDescription }[]> {
  const root = path.resolve(import.meta.dirname, "../..");
  const files = ["app", "components", "server"].flatMap((dir) =>
    (readdirSync(path.join(root, dir), { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"))
      .map((f) => path.join(root, dir, f))
      .filter((f) => readFileSync(f, "utf8").startsWith('"use server"')),
  );
  expect(files.length).toBeGreaterThan(15);
  const out = [];
  for (const file of files) {
    const exported = (await import(file)) as Record<string, unknown>;
    for (const [name, action] of Object.entries(exported))
      out.push({ name: `${path.relative(root, file)}: ${name}`, action, spec: describeAction(action) });
  }
  return out;
}

const rank = (role: Role) => ROLES.length - 1 - ROLES.indexOf(role);
const leastRoleOfAll = (useCases: readonly UseCase[]): Role =>
  useCases.map((u) => leastRoleOf(PERMISSIONS[u])).reduce((a, b) => (rank(a) >= rank(b) ? a : b), "viewer");

async function signIn(user: { userId: string; email: string; role: Role }, orgId: string) {
  const sid = await openDashboardSession(database.db, { userId: user.userId, orgId });
  vi.mocked(getServerSession).mockResolvedValue({
    user: { id: user.userId, email: user.email, orgId, role: user.role },
    sid,
    expires: new Date(Date.now() + 3_600_000).toISOString(),
  });
}

describe("every server action names a use case of the permission table", () => {
  it("is built with the action kit, names use cases of the table, and admits cardholders only where the table does", async () => {
    const actions = await serverActions();
    for (const { name, spec } of actions) {
      expect(spec, `${name} is not built with the action kit`).toBeDefined();
      if (spec!.kind === "public") {
        expect(PUBLIC_ACTIONS, name).toContain(spec!.name);
        continue;
      }
      expect(spec!.can.length, name).toBeGreaterThan(0);
      for (const useCase of spec!.can) {
        expect(isUseCase(useCase), `${name}: ${useCase}`).toBe(true);
        if (spec!.kind === "cardholder") {
          const permission: Permission = PERMISSIONS[useCase];
          expect("scope" in permission && permission.cardholder, `${name}: ${useCase}`).toBe(true);
        }
      }
    }
  });

  it("refuses every action to a role below its use cases' least role (FORBIDDEN_ROLE), before reading the input", async () => {
    const actions = (await serverActions()).filter((a) => a.spec?.kind === "user");
    const org = await createTestOrg(database.db);
    for (const role of ["viewer", "operator"] as const) {
      const user = await org.user(role);
      await signIn({ ...user, role }, org.orgId);
      for (const { name, action, spec } of actions) {
        if (rank(leastRoleOfAll(spec!.can)) <= rank(role)) continue;
        const res = await (action as (input: unknown) => Promise<unknown>)({});
        expect(res, `${name} as ${role}`).toMatchObject({ ok: false, error: { code: "FORBIDDEN_ROLE" } });
      }
    }
  });

  it("asks a person without the session's step-up window for a code (TWO_FACTOR_REQUIRED)", async () => {
    const org = await createTestOrg(database.db);
    const operator = await org.user("operator", { withTwoFactor: true });
    await signIn({ ...operator, role: "operator" }, org.orgId);
    const customer = await createReadyCustomer(database.db, org.orgId, { step: 6, flowStatus: "active" });
    const card = await createTestCard(database.db, customer);
    const { freezeCardAction } = await import("@/server/actions/cards");
    expect(await freezeCardAction({ svcCardId: customer.svcCardId, cardId: card.id })).toMatchObject({
      ok: false,
      error: { code: "TWO_FACTOR_REQUIRED" },
    });
  });
});
