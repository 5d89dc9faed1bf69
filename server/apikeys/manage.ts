import { and, desc, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { ApiKeyView, CreateApiKeyInput, CreatedApiKey, RotatedApiKey } from "@/lib/contracts/api-keys";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { Scope } from "@/lib/scopes";
import { authorize, confirmStepUp } from "@/server/auth/authorize";
import { credentialsChanged } from "@/server/auth/credential-cache";
import type { Ctx } from "@/server/context";
import { sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { apiKeys, apiTokens } from "@/server/db/schema/apikeys";
import { recordAudit } from "@/server/platform/audit";
import { newKeyPair, newSecret } from "./key-material";
import { type ApiKeyRow, apiKeyView } from "./view";

type WithCode = { two_factor_token?: string | null };

async function findKey(ctx: Ctx, id: string): Promise<ApiKeyRow> {
  const [row] = await ctx.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.orgId, ctx.orgId)));
  // Another organization's key is "not found", never "forbidden": it must not learn the key exists.
  if (!row) throw new ServiceError("NOT_FOUND", "No API key with this id.");
  return row;
}

/** A change to a key's validity or scopes: cached credentials are dropped once it is committed. */
async function afterCommit<T>(committed: Promise<T>): Promise<T> {
  const result = await committed;
  credentialsChanged();
  return result;
}

function keyRevoked(): ServiceError {
  return new ServiceError(
    "KEY_REVOKED",
    "This API key is revoked; revocation is permanent. Create a new key.",
  );
}

function refuseRevoked(row: ApiKeyRow): void {
  if (row.status === "revoked") throw keyRevoked();
}

/** Changes the organization's key while it is active; a key revoked meanwhile is KEY_REVOKED. */
async function updateActiveKey(
  tx: Db,
  ctx: Ctx,
  id: string,
  set: PgUpdateSetSource<typeof apiKeys>,
): Promise<ApiKeyRow> {
  const [row] = await tx
    .update(apiKeys)
    .set(set)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.orgId, ctx.orgId), eq(apiKeys.status, "active")))
    .returning();
  // Revoked meanwhile: the row read before the transaction was still active.
  if (!row) throw keyRevoked();
  return row;
}

export async function createApiKey({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CreateApiKeyInput;
}): Promise<CreatedApiKey> {
  authorize(ctx, "createApiKey");
  await confirmStepUp(ctx, "createApiKey", input.two_factor_token);
  const { apiKey, apiSecret } = newKeyPair();
  const id = newId("key");
  const expiresAt = input.expires_in_days ? new Date(Date.now() + input.expires_in_days * 86_400_000) : null;
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        id,
        orgId: ctx.orgId,
        name: input.name,
        apiKey,
        secretHash: sha256Hex(apiSecret),
        permissions: input.permissions,
        expiresAt,
        createdBy: ctx.actor.type === "user" ? ctx.actor.userId : null,
      })
      .returning();
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: "api_key.created",
        targetType: "api_key",
        targetId: id,
        detail: {
          name: input.name,
          permissions: input.permissions,
          expires_at: expiresAt?.toISOString() ?? null,
        },
      },
    );
    return created!;
  });
  const view = apiKeyView(row);
  return {
    id,
    name: view.name,
    api_key: apiKey,
    api_secret: apiSecret,
    permissions: view.permissions,
    expires_at: view.expires_at,
    created_at: view.created_at,
  };
}

export async function listApiKeys({ ctx }: { ctx: Ctx }): Promise<{ keys: ApiKeyView[] }> {
  authorize(ctx, "listApiKeys");
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.orgId, ctx.orgId))
    .orderBy(desc(apiKeys.createdAt));
  return { keys: rows.map(apiKeyView) };
}

export async function getApiKey({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ApiKeyView> {
  authorize(ctx, "getApiKey");
  return apiKeyView(await findKey(ctx, input.id));
}

/** Permanent and immediate: the key pair and every token minted from it stop working at once. */
export async function revokeApiKey({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string } & WithCode;
}): Promise<ApiKeyView> {
  authorize(ctx, "revokeApiKey");
  await confirmStepUp(ctx, "revokeApiKey", input.two_factor_token);
  refuseRevoked(await findKey(ctx, input.id));
  return afterCommit(
    ctx.db.transaction(async (tx) => {
      const row = await updateActiveKey(tx, ctx, input.id, {
        status: "revoked",
        revokedAt: sql`now()`,
        updatedAt: sql`now()`,
      });
      await tx.delete(apiTokens).where(eq(apiTokens.keyId, row.id));
      await recordAudit(
        { ...ctx, db: tx },
        { action: "api_key.revoked", targetType: "api_key", targetId: row.id, detail: { name: row.name } },
      );
      return apiKeyView(row);
    }),
  );
}

/** A new secret; the old one and every token minted from it stop working at once. */
export async function rotateApiKey({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string } & WithCode;
}): Promise<RotatedApiKey> {
  authorize(ctx, "rotateApiKey");
  await confirmStepUp(ctx, "rotateApiKey", input.two_factor_token);
  refuseRevoked(await findKey(ctx, input.id));
  const apiSecret = newSecret();
  return afterCommit(
    ctx.db.transaction(async (tx) => {
      const row = await updateActiveKey(tx, ctx, input.id, {
        secretHash: sha256Hex(apiSecret),
        secretGeneration: sql`${apiKeys.secretGeneration} + 1`,
        rotatedAt: sql`now()`,
        updatedAt: sql`now()`,
      });
      await tx.delete(apiTokens).where(eq(apiTokens.keyId, row.id));
      await recordAudit(
        { ...ctx, db: tx },
        { action: "api_key.rotated", targetType: "api_key", targetId: row.id, detail: { name: row.name } },
      );
      return {
        id: row.id,
        api_key: row.apiKey,
        api_secret: apiSecret,
        rotated_at: row.rotatedAt!.toISOString(),
      };
    }),
  );
}

/** Replaces the permission set; tokens already minted act with the new set from their next request. */
export async function setApiKeyPermissions({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; permissions: Scope[] } & WithCode;
}): Promise<ApiKeyView> {
  authorize(ctx, "setApiKeyPermissions");
  await confirmStepUp(ctx, "setApiKeyPermissions", input.two_factor_token);
  const before = await findKey(ctx, input.id);
  refuseRevoked(before);
  return afterCommit(
    ctx.db.transaction(async (tx) => {
      const row = await updateActiveKey(tx, ctx, input.id, {
        permissions: input.permissions,
        updatedAt: sql`now()`,
      });
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: "api_key.permissions_changed",
          targetType: "api_key",
          targetId: row.id,
          detail: { name: row.name, from: before.permissions, to: input.permissions },
        },
      );
      return apiKeyView(row);
    }),
  );
}
