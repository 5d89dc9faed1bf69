import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { sha256Hex } from "@/server/crypto/hash";
import { apiKeys } from "@/server/db/schema/apikeys";
import { auditLog } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { startTotpClock } from "@/server/testing/totp-clock";
import { exchangeApiToken, resolveApiKeyPair, resolveApiToken } from "./authenticate";
import {
  createApiKey,
  getApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
  setApiKeyPermissions,
} from "./manage";

const database = withTestDatabase({ install: false });
const clock = startTotpClock();
afterAll(async () => {
  clock.restore();
});

async function program() {
  const org = await createTestOrg(database.db);
  const ctx = {
    ...userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true }),
    ip: "203.0.113.7",
  };
  const code = () => clock.nextCode(org.admin.totpSecret);
  return { org, ctx, code };
}

describe("API key lifecycle", () => {
  it("creates a key in the decided format and stores only the secret's hash", async () => {
    const { ctx, code } = await program();
    const key = await createApiKey({
      ctx,
      input: { name: "Backend", permissions: ["read", "write"], two_factor_token: code() },
    });
    expect(key.api_key).toMatch(/^pk_test_[0-9A-Za-z]{24}$/);
    expect(key.api_secret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(key.expires_at).toBeNull();
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).toBe(sha256Hex(key.api_secret));
    expect(JSON.stringify(row)).not.toContain(key.api_secret);
    const listed = await listApiKeys({ ctx });
    expect(listed.keys.map((k) => k.id)).toEqual([key.id]);
    expect(JSON.stringify(listed)).not.toContain(key.api_secret);
  });

  it(
    "authenticates the pair and exchanged tokens with the key's scopes; " +
      "rotation kills the old secret and its tokens",
    async () => {
      const { ctx, code } = await program();
      const key = await createApiKey({
        ctx,
        input: { name: "Rotating", permissions: ["read"], two_factor_token: code() },
      });
      const pair = await resolveApiKeyPair(database.db, { apiKey: key.api_key, apiSecret: key.api_secret });
      expect(pair).toMatchObject({
        orgId: ctx.orgId,
        actor: { type: "apiKey", keyId: key.id, scopes: ["read"] },
      });
      const token = await exchangeApiToken(database.db, { api_key: key.api_key, api_secret: key.api_secret });
      expect(token).toMatchObject({ expires_in: 900, token_type: "Bearer" });
      expect((await resolveApiToken(database.db, token.access_token))!.actor).toMatchObject({
        keyId: key.id,
        scopes: ["read"],
      });

      await setApiKeyPermissions({
        ctx,
        input: { id: key.id, permissions: ["read", "transactions"], two_factor_token: code() },
      });
      expect((await resolveApiToken(database.db, token.access_token))!.actor).toMatchObject({
        scopes: ["read", "transactions"],
      });

      const rotated = await rotateApiKey({ ctx, input: { id: key.id, two_factor_token: code() } });
      expect(rotated.api_key).toBe(key.api_key);
      expect(rotated.api_secret).not.toBe(key.api_secret);
      await expect(
        resolveApiKeyPair(database.db, { apiKey: key.api_key, apiSecret: key.api_secret }),
      ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      await expect(resolveApiToken(database.db, token.access_token)).rejects.toMatchObject({
        code: "UNAUTHENTICATED",
      });
      await expect(
        exchangeApiToken(database.db, { api_key: key.api_key, api_secret: key.api_secret }),
      ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      expect(
        await resolveApiKeyPair(database.db, { apiKey: key.api_key, apiSecret: rotated.api_secret }),
      ).toMatchObject({ orgId: ctx.orgId });
    },
  );

  it("revocation is immediate and permanent", async () => {
    const { ctx, code } = await program();
    const key = await createApiKey({
      ctx,
      input: { name: "Doomed", permissions: ["read"], two_factor_token: code() },
    });
    const token = await exchangeApiToken(database.db, { api_key: key.api_key, api_secret: key.api_secret });
    const revoked = await revokeApiKey({ ctx, input: { id: key.id, two_factor_token: code() } });
    expect(revoked).toMatchObject({ status: "revoked" });
    expect(revoked.revoked_at).not.toBeNull();
    await expect(
      resolveApiKeyPair(database.db, { apiKey: key.api_key, apiSecret: key.api_secret }),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(resolveApiToken(database.db, token.access_token)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(
      revokeApiKey({ ctx, input: { id: key.id, two_factor_token: code() } }),
    ).rejects.toMatchObject({ code: "KEY_REVOKED", status: 409 });
    await expect(
      rotateApiKey({ ctx, input: { id: key.id, two_factor_token: code() } }),
    ).rejects.toMatchObject({ code: "KEY_REVOKED" });
    await expect(
      setApiKeyPermissions({ ctx, input: { id: key.id, permissions: ["write"], two_factor_token: code() } }),
    ).rejects.toMatchObject({ code: "KEY_REVOKED" });
  });

  it("refuses an expired key and token", async () => {
    const { ctx, code } = await program();
    const key = await createApiKey({
      ctx,
      input: { name: "Short", permissions: ["read"], expires_in_days: 1, two_factor_token: code() },
    });
    expect(new Date(key.expires_at!).getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    const token = await exchangeApiToken(database.db, { api_key: key.api_key, api_secret: key.api_secret });
    await database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    await expect(
      resolveApiKeyPair(database.db, { apiKey: key.api_key, apiSecret: key.api_secret }),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: expect.stringContaining("expired") });
    await expect(resolveApiToken(database.db, token.access_token)).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it(
    "guards management: user token of an admin, 2FA on, a fresh code; " +
      "other organizations' keys are not found",
    async () => {
      const { org, ctx, code } = await program();
      const key = await createApiKey({
        ctx,
        input: { name: "Guarded", permissions: ["read"], two_factor_token: code() },
      });
      const input = { name: "X", permissions: ["read" as const] };
      const apiKeyCtx = {
        ...ctx,
        actor: {
          type: "apiKey" as const,
          keyId: key.id,
          scopes: ["read", "write", "transactions", "webhooks"] as const,
        },
      };
      await expect(
        createApiKey({ ctx: apiKeyCtx, input: { ...input, two_factor_token: code() } }),
      ).rejects.toMatchObject({ code: "USER_TOKEN_REQUIRED", status: 403 });
      const operator = await org.user("operator", { withTwoFactor: true });
      await expect(
        createApiKey({
          ctx: userCtx(database.db, org.orgId, operator, { twoFactorEnabled: true }),
          input: { ...input, two_factor_token: "123456" },
        }),
      ).rejects.toMatchObject({ code: "FORBIDDEN_ROLE" });
      const admin2 = await org.user("admin");
      await expect(
        createApiKey({
          ctx: userCtx(database.db, org.orgId, admin2),
          input: { ...input, two_factor_token: "123456" },
        }),
      ).rejects.toMatchObject({ code: "TWO_FACTOR_NOT_ENABLED" });
      await expect(createApiKey({ ctx, input })).rejects.toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
      const used = code();
      await createApiKey({ ctx, input: { ...input, two_factor_token: used } });
      await expect(createApiKey({ ctx, input: { ...input, two_factor_token: used } })).rejects.toMatchObject({
        code: "INVALID_2FA_TOKEN",
      });

      const other = await program();
      await expect(getApiKey({ ctx: other.ctx, input: { id: key.id } })).rejects.toMatchObject({
        code: "NOT_FOUND",
        status: 404,
      });
      await expect(
        revokeApiKey({ ctx: other.ctx, input: { id: key.id, two_factor_token: other.code() } }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
    },
  );

  it("audits who did what to which key from which address", async () => {
    const { ctx, code } = await program();
    const key = await createApiKey({
      ctx,
      input: { name: "Audited", permissions: ["read"], two_factor_token: code() },
    });
    await rotateApiKey({ ctx, input: { id: key.id, two_factor_token: code() } });
    await revokeApiKey({ ctx, input: { id: key.id, two_factor_token: code() } });
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, ctx.orgId), eq(auditLog.targetId, key.id)));
    expect(rows.map((r) => r.action).sort()).toEqual([
      "api_key.created",
      "api_key.revoked",
      "api_key.rotated",
    ]);
    for (const r of rows)
      expect(r).toMatchObject({
        actorType: "user",
        actorId: (ctx.actor as { userId: string }).userId,
        ip: "203.0.113.7",
      });
  });
});
