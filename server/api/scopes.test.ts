import { z } from "@hono/zod-openapi";
import { afterAll, describe, expect, it } from "vitest";
import { type Scope, SCOPES } from "@/lib/scopes";
import { ok } from "@/server/http/envelopes";
import { createKitApp } from "@/server/http/kit-app";
import { defineRoute, mountRoutes } from "@/server/http/route";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

/**
 * A key with every scope but one is refused (403 INSUFFICIENT_PERMISSION naming the scope) by an
 * endpoint of that scope, and accepted with it. read and webhooks use real endpoints; write and
 * transactions have none until the card and funding issues, so kit routes declared with them stand in.
 */
const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
const standIn = createKitApp();
mountRoutes(
  standIn,
  (["write", "transactions"] as const).map((scope) =>
    defineRoute({
      method: "get",
      path: `/api/v1/scope-check/${scope}`,
      summary: scope,
      tags: ["Test"],
      operationId: `scopeCheck${scope}`,
      auth: { scope },
      response: { data: z.object({ scope: z.string() }) },
      handler: ({ c }) => ok(c, { scope }),
    }),
  ),
);

afterAll(async () => {
  clock.restore();
});

const ENDPOINT: Record<Scope, { app: typeof app; path: string }> = {
  read: { app, path: "/api/v1/me" },
  webhooks: { app, path: "/api/v1/svc-card/webhooks" },
  write: { app: standIn, path: "/api/v1/scope-check/write" },
  transactions: { app: standIn, path: "/api/v1/scope-check/transactions" },
};

describe("scopes of API keys", () => {
  it.each(SCOPES)(
    "an endpoint of scope %s refuses a key without it and serves a key with it",
    async (scope) => {
      const org = await createTestOrg(database.db);
      const user = {
        authorization: `Bearer ${await org.token(org.admin.userId)}`,
        "content-type": "application/json",
      };
      const create = async (permissions: Scope[]) => {
        const res = await app.request("/api/apikey/create", {
          method: "POST",
          headers: { ...user, "x-2fa-token": clock.nextCode(org.admin.totpSecret) },
          body: JSON.stringify({ name: `k-${scope}`, permissions }),
        });
        const key = (await res.json()) as { api_key: string; api_secret: string };
        return { "x-api-key": key.api_key, "x-api-secret": key.api_secret };
      };
      const { app: target, path } = ENDPOINT[scope];
      const without = await target.request(path, {
        headers: await create(SCOPES.filter((s) => s !== scope)),
      });
      expect(without.status).toBe(403);
      expect(await without.json()).toMatchObject({
        success: false,
        error_code: "INSUFFICIENT_PERMISSION",
        message: expect.stringContaining(scope),
      });
      const withIt = await target.request(path, { headers: await create([scope]) });
      expect(withIt.status).toBe(200);
    },
  );
});
