import { describe, expect, it } from "vitest";
import { registerCredentialResolver } from "@/server/http/credentials";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, expireToken } from "@/server/testing/http";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

describe("GET /api/v1/me", () => {
  it("describes a user token: organization, user, role scopes", async () => {
    const org = await createTestOrg(database.db);
    const res = await app.request("/api/v1/me", { headers: bearer(await org.token(org.admin.userId)) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      data: { organization: { id: string; name: string }; credential: unknown; user: unknown };
    };
    expect(body.success).toBe(true);
    expect(body.data.organization.id).toBe(org.orgId);
    expect(body.data.organization.name).toMatch(/^Program /);
    expect(body.data.credential).toEqual({
      type: "user_token",
      scopes: ["read", "write", "transactions", "webhooks"],
    });
    expect(body.data.user).toEqual({ id: org.admin.userId, email: org.admin.email, role: "admin" });

    const viewer = await org.user("viewer");
    const asViewer = await app.request("/api/v1/me", { headers: bearer(await org.token(viewer.userId)) });
    expect(await asViewer.json()).toMatchObject({
      data: { credential: { type: "user_token", scopes: ["read"] }, user: { role: "viewer" } },
    });
  });

  it("describes an API key credential", async () => {
    const org = await createTestOrg(database.db);
    const unregister = registerCredentialResolver({
      kind: "apiKeyPair",
      resolve: async (_db, pair) =>
        pair.apiKey === "pk_test_me"
          ? { orgId: org.orgId, actor: { type: "apiKey", keyId: "key_me", scopes: ["read", "webhooks"] } }
          : null,
    });
    try {
      const res = await app.request("/api/v1/me", {
        headers: { "X-API-Key": "pk_test_me", "X-API-Secret": "sk_test_whatever" },
      });
      expect(await res.json()).toMatchObject({
        data: {
          organization: { id: org.orgId },
          credential: { type: "api_key", scopes: ["read", "webhooks"], key_id: "key_me" },
          user: null,
        },
      });
    } finally {
      unregister();
    }
  });

  it("refuses missing, malformed and expired credentials with 401", async () => {
    const org = await createTestOrg(database.db);
    const token = await org.token(org.admin.userId);
    expect(await (await app.request("/api/v1/me")).json()).toMatchObject({ error_code: "UNAUTHENTICATED" });
    expect(
      await (await app.request("/api/v1/me", { headers: { Authorization: `Token ${token}` } })).json(),
    ).toMatchObject({ error_code: "UNAUTHENTICATED" });
    await expireToken(database.db, token);
    const expired = await app.request("/api/v1/me", { headers: bearer(token) });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ success: false, error_code: "TOKEN_EXPIRED" });
  });

  it("needs the read scope", async () => {
    const org = await createTestOrg(database.db);
    const unregister = registerCredentialResolver({
      kind: "apiKeyPair",
      resolve: async () => ({
        orgId: org.orgId,
        actor: { type: "apiKey", keyId: "key_w", scopes: ["webhooks"] },
      }),
    });
    try {
      const res = await app.request("/api/v1/me", {
        headers: { "X-API-Key": "pk_test_w", "X-API-Secret": "sk_test_w" },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        error_code: "INSUFFICIENT_PERMISSION",
        message: expect.stringContaining('"read"'),
      });
    } finally {
      unregister();
    }
  });
});
