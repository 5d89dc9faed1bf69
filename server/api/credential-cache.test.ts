import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedCredential, enableCredentialCache } from "@/server/auth/credential-cache";
import { sha256Hex } from "@/server/crypto/hash";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

/** The embedded app's credential cache must never answer with a revoked, rotated or narrowed key. */
const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
beforeAll(async () => {
  enableCredentialCache();
});
afterAll(async () => {
  enableCredentialCache(false);
  clock.restore();
});

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("credential cache (embedded database)", () => {
  it("serves warm credentials from memory and drops them the moment a key changes", async () => {
    const org = await createTestOrg(database.db);
    const user = bearer(await org.token(org.admin.userId));
    const code = () => ({ ...user, "x-2fa-token": clock.nextCode(org.admin.totpSecret) });
    const key = (await (
      await post("/api/apikey/create", { name: "Cached", permissions: ["read"] }, code())
    ).json()) as { id: string; api_key: string; api_secret: string };
    const pair = { "x-api-key": key.api_key, "x-api-secret": key.api_secret };
    const token = (
      (await (
        await post("/api/apikey/token", { api_key: key.api_key, api_secret: key.api_secret }, {})
      ).json()) as { access_token: string }
    ).access_token;

    expect((await app.request("/api/v1/me", { headers: pair })).status).toBe(200);
    expect((await app.request("/api/v1/me", { headers: bearer(token) })).status).toBe(200);
    expect(cachedCredential(`kp:${key.api_key}:${sha256Hex(key.api_secret)}`)).toBeDefined();
    expect(cachedCredential(`at:${sha256Hex(token)}`)).toBeDefined();
    // A wrong secret is never answered from the cache.
    expect(
      (await app.request("/api/v1/me", { headers: { ...pair, "x-api-secret": "sk_test_wrong" } })).status,
    ).toBe(401);

    // Narrowed permissions apply on the very next request.
    expect(
      (
        await app.request(`/api/apikey/${key.id}/permissions`, {
          method: "PUT",
          headers: { "content-type": "application/json", ...code() },
          body: JSON.stringify({ permissions: ["webhooks"] }),
        })
      ).status,
    ).toBe(200);
    expect((await app.request("/api/v1/me", { headers: pair })).status).toBe(403);
    expect(
      (
        await app.request(`/api/apikey/${key.id}/permissions`, {
          method: "PUT",
          headers: { "content-type": "application/json", ...code() },
          body: JSON.stringify({ permissions: ["read"] }),
        })
      ).status,
    ).toBe(200);
    expect((await app.request("/api/v1/me", { headers: bearer(token) })).status).toBe(200);

    const rotated = (await (await post(`/api/apikey/${key.id}/rotate`, {}, code())).json()) as {
      api_secret: string;
    };
    expect((await app.request("/api/v1/me", { headers: pair })).status).toBe(401);
    expect((await app.request("/api/v1/me", { headers: bearer(token) })).status).toBe(401);
    const fresh = { "x-api-key": key.api_key, "x-api-secret": rotated.api_secret };
    expect((await app.request("/api/v1/me", { headers: fresh })).status).toBe(200);

    expect((await post(`/api/apikey/${key.id}/revoke`, {}, code())).status).toBe(200);
    expect((await app.request("/api/v1/me", { headers: fresh })).status).toBe(401);
  });

  it("answers /v1/me with the credential as it is now, not as it was when its answer was kept", async () => {
    const org = await createTestOrg(database.db);
    const user = bearer(await org.token(org.admin.userId));
    const code = () => ({ ...user, "x-2fa-token": clock.nextCode(org.admin.totpSecret) });
    const key = (await (
      await post("/api/apikey/create", { name: "Kept", permissions: ["read"] }, code())
    ).json()) as { id: string; api_key: string; api_secret: string };
    const pair = { "x-api-key": key.api_key, "x-api-secret": key.api_secret };
    const me = async () => {
      const res = await app.request("/api/v1/me", { headers: pair });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-request-id")).toMatch(/^req_/);
      return (await res.json()) as { data: { credential: { scopes: string[] } } };
    };
    const first = await me();
    expect(first.data.credential.scopes).toEqual(["read"]);
    expect(await me()).toEqual(first);
    const widened = await app.request(`/api/apikey/${key.id}/permissions`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...code() },
      body: JSON.stringify({ permissions: ["read", "webhooks"] }),
    });
    expect(widened.status).toBe(200);
    expect((await me()).data.credential.scopes).toContain("webhooks");
  });

  it("checks expiry on every hit", async () => {
    const org = await createTestOrg(database.db);
    const token = await org.token(org.admin.userId);
    expect((await app.request("/api/v1/me", { headers: bearer(token) })).status).toBe(200);
    expect(cachedCredential(`ut:${sha256Hex(token)}`)).toBeDefined();
    clock.nextCode(org.admin.totpSecret); // moves the clock 30 s
    for (let i = 0; i < 120; i++) clock.nextCode(org.admin.totpSecret); // one hour later
    const res = await app.request("/api/v1/me", { headers: bearer(token) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error_code: "TOKEN_EXPIRED" });
  });
});
