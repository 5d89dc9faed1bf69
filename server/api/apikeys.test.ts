import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { MAX_TOKENS_PER_KEY } from "@/server/apikeys/authenticate";
import { sha256Hex } from "@/server/crypto/hash";
import { apiKeys, apiTokens } from "@/server/db/schema/apikeys";
import { auditLog } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();

afterAll(async () => {
  clock.restore();
});

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function admin() {
  const org = await createTestOrg(database.db);
  const token = await org.token(org.admin.userId);
  const code = () => clock.nextCode(org.admin.totpSecret);
  async function createKey(permissions: string[] = ["read"], extra: Record<string, unknown> = {}) {
    const res = await app.request(
      "/api/apikey/create",
      json({ name: "Server", permissions, ...extra }, { ...bearer(token), "x-2fa-token": code() }),
    );
    expect(res.status).toBe(201);
    return (await res.json()) as {
      id: string;
      api_key: string;
      api_secret: string;
      permissions: string[];
      expires_at: string | null;
      created_at: string;
      name: string;
    };
  }
  return { org, token, code, createKey };
}

const keyPair = (k: { api_key: string; api_secret: string }) => ({
  "x-api-key": k.api_key,
  "x-api-secret": k.api_secret,
});

async function exchange(k: { api_key: string; api_secret: string }) {
  const res = await app.request("/api/apikey/token", json({ api_key: k.api_key, api_secret: k.api_secret }));
  return {
    res,
    body: (await res.json()) as { access_token: string; expires_in: number; token_type: string },
  };
}

describe("API keys over HTTP", () => {
  it("create answers exactly the interface's fields; list and get never carry the secret", async () => {
    const a = await admin();
    const key = await a.createKey(["read", "webhooks"], { expires_in_days: 30 });
    expect(Object.keys(key).sort()).toEqual([
      "api_key",
      "api_secret",
      "created_at",
      "expires_at",
      "id",
      "name",
      "permissions",
    ]);
    expect(key.permissions).toEqual(["read", "webhooks"]);
    const list = await app.request("/api/apikey/list", { headers: bearer(a.token) });
    const listBody = (await list.json()) as { keys: Record<string, unknown>[] };
    expect(listBody.keys).toHaveLength(1);
    expect(listBody.keys[0]).toMatchObject({
      id: key.id,
      name: "Server",
      permissions: ["read", "webhooks"],
      status: "active",
      last_used_at: null,
      expires_at: key.expires_at,
    });
    expect(JSON.stringify(listBody)).not.toContain(key.api_secret);
    const one = await app.request(`/api/apikey/${key.id}`, { headers: bearer(a.token) });
    expect(one.status).toBe(200);
    expect(JSON.stringify(await one.json())).not.toContain(key.api_secret);
  });

  it("every auth mode works on a read endpoint: user token, key pair, API token", async () => {
    const a = await admin();
    const key = await a.createKey(["read"]);
    const user = await app.request("/api/v1/me", { headers: bearer(a.token) });
    expect(user.status).toBe(200);
    const pair = await app.request("/api/v1/me", { headers: keyPair(key) });
    expect(await pair.json()).toMatchObject({
      success: true,
      data: {
        organization: { id: a.org.orgId },
        credential: { type: "api_key", scopes: ["read"], key_id: key.id },
      },
    });
    const { res, body } = await exchange(key);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ expires_in: 900, token_type: "Bearer" });
    expect(Object.keys(body).sort()).toEqual(["access_token", "expires_in", "token_type"]);
    const viaToken = await app.request("/api/v1/me", { headers: bearer(body.access_token) });
    expect(await viaToken.json()).toMatchObject({
      data: { credential: { type: "api_token", key_id: key.id } },
    });
  });

  it("401 for missing, malformed, wrong, expired and revoked credentials", async () => {
    const a = await admin();
    const key = await a.createKey(["read"]);
    const { body: token } = await exchange(key);
    const expect401 = async (headers: Record<string, string>, code = "UNAUTHENTICATED") => {
      const res = await app.request("/api/v1/me", { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, error_code: code });
    };
    await expect401({});
    await expect401({ authorization: "Basic abc" });
    await expect401({ authorization: "Bearer svc_at_not-a-token" });
    await expect401({ "x-api-key": key.api_key });
    await expect401({ "x-api-key": key.api_key, "x-api-secret": "sk_test_wrong" });
    await database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.keyId, key.id));
    await expect401(bearer(token.access_token), "TOKEN_EXPIRED");
    await database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    await expect401(keyPair(key));

    const live = await a.createKey(["read"]);
    const { body: liveToken } = await exchange(live);
    const revoked = await app.request(`/api/apikey/${live.id}/revoke`, {
      method: "POST",
      headers: { ...bearer(a.token), "x-2fa-token": a.code() },
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ id: live.id, status: "revoked" });
    await expect401(keyPair(live));
    await expect401(bearer(liveToken.access_token));
    expect((await exchange(live)).res.status).toBe(401);
  });

  it("rotate returns a new secret; the old secret and its tokens stop at once", async () => {
    const a = await admin();
    const key = await a.createKey(["read"]);
    const { body: old } = await exchange(key);
    const res = await app.request(
      `/api/apikey/${key.id}/rotate`,
      json({ two_factor_token: a.code() }, bearer(a.token)),
    );
    expect(res.status).toBe(200);
    const rotated = (await res.json()) as {
      id: string;
      api_key: string;
      api_secret: string;
      rotated_at: string;
    };
    expect(Object.keys(rotated).sort()).toEqual(["api_key", "api_secret", "id", "rotated_at"]);
    expect((await app.request("/api/v1/me", { headers: keyPair(key) })).status).toBe(401);
    expect((await app.request("/api/v1/me", { headers: bearer(old.access_token) })).status).toBe(401);
    expect(
      (
        await app.request("/api/v1/me", {
          headers: keyPair({ api_key: key.api_key, api_secret: rotated.api_secret }),
        })
      ).status,
    ).toBe(200);
  });

  it("PUT permissions replaces the set and the key acts with it at once", async () => {
    const a = await admin();
    const key = await a.createKey(["webhooks"]);
    const denied = await app.request("/api/v1/me", { headers: keyPair(key) });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({
      error_code: "INSUFFICIENT_PERMISSION",
      message: expect.stringContaining("read"),
    });
    const res = await app.request(`/api/apikey/${key.id}/permissions`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...bearer(a.token), "x-2fa-token": a.code() },
      body: JSON.stringify({ permissions: ["read"] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: key.id, permissions: ["read"] });
    expect((await app.request("/api/v1/me", { headers: keyPair(key) })).status).toBe(200);
    const bad = await app.request(`/api/apikey/${key.id}/permissions`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...bearer(a.token), "x-2fa-token": a.code() },
      body: JSON.stringify({ permissions: ["admin"] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error_code: "VALIDATION_ERROR",
      details: [expect.objectContaining({ path: expect.stringContaining("permissions") })],
    });
  });

  it(
    "403 for an API-key credential, a lower role, and missing, wrong or " +
      "replayed codes; 429 after 5 wrong codes",
    async () => {
      const a = await admin();
      const key = await a.createKey(["read", "write", "transactions", "webhooks"]);
      const { body: apiToken } = await exchange(key);
      const create = (headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
        app.request("/api/apikey/create", json({ name: "X", permissions: ["read"], ...extra }, headers));
      const expect403 = async (res: Response, code: string) => {
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ success: false, error_code: code });
      };
      await expect403(await create({ ...keyPair(key), "x-2fa-token": a.code() }), "USER_TOKEN_REQUIRED");
      await expect403(
        await create({ ...bearer(apiToken.access_token), "x-2fa-token": a.code() }),
        "USER_TOKEN_REQUIRED",
      );
      await expect403(
        await app.request("/api/apikey/list", { headers: keyPair(key) }),
        "USER_TOKEN_REQUIRED",
      );
      const operator = await a.org.user("operator");
      await expect403(
        await app.request("/api/apikey/list", { headers: bearer(await a.org.token(operator.userId)) }),
        "FORBIDDEN_ROLE",
      );
      const admin2 = await a.org.user("admin");
      await expect403(
        await create({ ...bearer(await a.org.token(admin2.userId)), "x-2fa-token": "123456" }),
        "TWO_FACTOR_NOT_ENABLED",
      );
      await expect403(await create(bearer(a.token)), "TWO_FACTOR_REQUIRED");
      const used = a.code();
      expect((await create(bearer(a.token), { two_factor_token: used })).status).toBe(201);
      await expect403(await create({ ...bearer(a.token), "x-2fa-token": used }), "INVALID_2FA_TOKEN");
      for (let i = 0; i < 4; i++)
        await expect403(
          await create({ ...bearer(a.token), "x-2fa-token": "000000" === used ? "111111" : "000000" }),
          "INVALID_2FA_TOKEN",
        );
      const locked = await create({ ...bearer(a.token), "x-2fa-token": a.code() });
      expect(locked.status).toBe(429);
      expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await locked.json()).toMatchObject({ error_code: "TWO_FACTOR_LOCKED" });
    },
  );

  it("another organization's key is 404, never 403", async () => {
    const a = await admin();
    const b = await admin();
    const key = await a.createKey(["read"]);
    const get = await app.request(`/api/apikey/${key.id}`, { headers: bearer(b.token) });
    expect(get.status).toBe(404);
    expect(await get.json()).toMatchObject({ error_code: "NOT_FOUND" });
    const revoke = await app.request(`/api/apikey/${key.id}/revoke`, {
      method: "POST",
      headers: { ...bearer(b.token), "x-2fa-token": b.code() },
    });
    expect(revoke.status).toBe(404);
    expect((await app.request("/api/v1/me", { headers: keyPair(key) })).status).toBe(200);
  });

  it("records last use once a minute, with the address", async () => {
    const a = await admin();
    const key = await a.createKey(["read"]);
    expect((await app.request("/api/v1/me", { headers: keyPair(key) })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });
});

describe("POST /api/apikey/token (issue 23, defect 8)", () => {
  it(
    "a wrong secret is 401 and audited; past the sign-in limit of the key the answer is 429 " +
      "RATE_LIMITED with Retry-After, for the right secret too",
    async () => {
      const a = await admin();
      const key = await a.createKey(["read"]);
      for (let i = 0; i < 10; i++) {
        const { res } = await exchange({ api_key: key.api_key, api_secret: `sk_test_guess${i}` });
        expect(res.status).toBe(401);
      }
      const { res: limited, body: refused } = await exchange(key);
      expect(limited.status).toBe(429);
      expect(refused).toMatchObject({ success: false, error_code: "RATE_LIMITED" });
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(await database.db.select().from(apiTokens).where(eq(apiTokens.keyId, key.id))).toHaveLength(0);

      const entries = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.orgId, a.org.orgId), eq(auditLog.action, "api_key.token_exchange_failed")));
      expect(entries).toHaveLength(10);
      expect(entries[0]).toMatchObject({
        actorType: "apiKey",
        actorId: key.id,
        targetType: "api_key",
        targetId: key.id,
        detail: { reason: "wrong_secret" },
      });
      expect(JSON.stringify(entries)).not.toContain("sk_test_guess");
    },
  );

  it("a revoked key's exchange is audited too", async () => {
    const a = await admin();
    const key = await a.createKey(["read"]);
    await database.db.update(apiKeys).set({ status: "revoked" }).where(eq(apiKeys.id, key.id));
    expect((await exchange(key)).res.status).toBe(401);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, key.id), eq(auditLog.action, "api_key.token_exchange_failed")));
    expect(entry).toMatchObject({ detail: { reason: "revoked" } });
  });

  it("a key keeps its newest MAX_TOKENS_PER_KEY tokens: the table cannot grow with exchanges", async () => {
    const a = await admin();
    const key = await a.createKey(["read"]);
    const { body: first } = await exchange(key);
    // Earlier exchanges (older windows), some of them expired.
    const now = Date.now();
    await database.db.insert(apiTokens).values(
      Array.from({ length: 15 }, (_, i) => ({
        id: newId("atk"),
        tokenHash: sha256Hex(`old-${key.id}-${i}`),
        keyId: key.id,
        secretGeneration: 1,
        createdAt: new Date(now - (20 - i) * 3_600_000),
        expiresAt: new Date(now - (20 - i) * 3_600_000 + 900_000),
      })),
    );
    const { res, body: newest } = await exchange(key);
    expect(res.status).toBe(200);
    const kept = await database.db.select().from(apiTokens).where(eq(apiTokens.keyId, key.id));
    expect(kept).toHaveLength(MAX_TOKENS_PER_KEY);
    const hashes = kept.map((t) => t.tokenHash);
    expect(hashes).toContain(sha256Hex(newest.access_token));
    expect(hashes).toContain(sha256Hex(first.access_token));
    expect(hashes).not.toContain(sha256Hex(`old-${key.id}-0`));
    expect((await app.request("/api/v1/me", { headers: bearer(newest.access_token) })).status).toBe(200);
  });
});
