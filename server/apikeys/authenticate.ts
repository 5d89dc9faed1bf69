import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { API_TOKEN_TTL_SECONDS } from "@/lib/contracts/api-keys";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { enforceSignInLimits } from "@/server/auth/attempt-limits";
import {
  cachedCredential,
  credentialEpoch,
  credentialsChanged,
  storeCredential,
} from "@/server/auth/credential-cache";
import type { IssuedToken } from "@/server/auth/tokens";
import type { ResolvedCredential } from "@/server/context";
import type { RequestMeta } from "@/server/context";
import { newOpaqueToken, safeEqual, sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { preparedPerDb } from "@/server/db/prepared";
import { apiKeys, apiTokens } from "@/server/db/schema/apikeys";
import { log } from "@/server/log";
import { recordAudit } from "@/server/platform/audit";
import { API_TOKEN_PREFIX } from "./key-material";
import type { ApiKeyRow } from "./view";

const LAST_USED_EVERY_MS = 60_000;
const lastUsedWritten = new Map<string, number>();

/**
 * last_used_at at most once a minute per key: a process-local clock skips the write entirely on
 * most requests, and the statement's own condition keeps several instances to about one a minute.
 */
function touchLastUsed(db: Db, keyId: string, meta: RequestMeta): void {
  const now = Date.now();
  if (now - (lastUsedWritten.get(keyId) ?? 0) < LAST_USED_EVERY_MS) return;
  lastUsedWritten.set(keyId, now);
  db.update(apiKeys)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: meta.ip ?? null })
    .where(
      sql`${apiKeys.id} = ${keyId} and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() -
        interval '1 minute')`,
    )
    .catch((err: unknown) => log.warn({ err, keyId }, "could not record last use of an API key"));
}

function usable(row: ApiKeyRow): void {
  if (row.status !== "active") throw new ServiceError("UNAUTHENTICATED", "This API key is revoked.");
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now())
    throw new ServiceError("UNAUTHENTICATED", `This API key expired at ${row.expiresAt.toISOString()}.`);
}

function credentialOf(row: ApiKeyRow, tokenId?: string): ResolvedCredential {
  return { orgId: row.orgId, actor: { type: "apiKey", keyId: row.id, scopes: row.permissions, tokenId } };
}

const keyByPublicKey = preparedPerDb((db) =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.apiKey, sql.placeholder("apiKey")))
    .prepare("api_key_by_public_key"),
);

const tokenWithKey = preparedPerDb((db) =>
  db
    .select({
      tokenId: apiTokens.id,
      expiresAt: apiTokens.expiresAt,
      generation: apiTokens.secretGeneration,
      key: apiKeys,
    })
    .from(apiTokens)
    .innerJoin(apiKeys, eq(apiKeys.id, apiTokens.keyId))
    .where(eq(apiTokens.tokenHash, sql.placeholder("hash")))
    .prepare("api_token_with_key"),
);

async function keyForPair(db: Db, apiKey: string, apiSecret: string): Promise<ApiKeyRow> {
  const [row] = await keyByPublicKey(db).execute({ apiKey });
  // Hash first, compare in constant time: the secret never sits in a comparison that leaks.
  const presented = sha256Hex(apiSecret);
  if (!row || !safeEqual(row.secretHash, presented))
    throw new ServiceError("UNAUTHENTICATED", "The API key or secret is not valid.");
  usable(row);
  return row;
}

/** X-API-Key + X-API-Secret on a request. */
export async function resolveApiKeyPair(
  db: Db,
  pair: { apiKey: string; apiSecret: string },
  meta: RequestMeta = {},
): Promise<ResolvedCredential> {
  // The secret's hash is part of the cache key: a wrong secret never hits.
  const cacheKey = `kp:${pair.apiKey}:${sha256Hex(pair.apiSecret)}`;
  const hit = cachedCredential(cacheKey);
  if (hit) {
    touchLastUsed(db, hit.keyId!, meta);
    return hit.credential;
  }
  const epoch = credentialEpoch();
  const row = await keyForPair(db, pair.apiKey, pair.apiSecret);
  touchLastUsed(db, row.id, meta);
  const credential = credentialOf(row);
  storeCredential(cacheKey, epoch, {
    credential,
    validUntil: row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
    keyId: row.id,
  });
  return credential;
}

/** A bearer token minted by POST /api/apikey/token; null for tokens of another kind. */
export async function resolveApiToken(
  db: Db,
  token: string,
  meta: RequestMeta = {},
): Promise<ResolvedCredential | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const hash = sha256Hex(token);
  const hit = cachedCredential(`at:${hash}`);
  if (hit) {
    touchLastUsed(db, hit.keyId!, meta);
    return hit.credential;
  }
  const epoch = credentialEpoch();
  const [found] = await tokenWithKey(db).execute({ hash });
  if (!found) throw new ServiceError("UNAUTHENTICATED", "The access token is not valid.");
  // Checked on every request against the key's current row: revocation and rotation take effect
  // at once on every instance, with no cache to go stale.
  usable(found.key);
  if (found.generation !== found.key.secretGeneration)
    throw new ServiceError(
      "UNAUTHENTICATED",
      "The API key's secret was rotated; exchange the new secret for a new token.",
    );
  if (found.expiresAt.getTime() <= Date.now())
    throw new ServiceError("TOKEN_EXPIRED", "The access token has expired. Exchange your key for a new one.");
  touchLastUsed(db, found.key.id, meta);
  const credential = credentialOf(found.key, found.tokenId);
  const validUntil = Math.min(
    found.expiresAt.getTime(),
    found.key.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
  );
  storeCredential(`at:${hash}`, epoch, { credential, validUntil, keyId: found.key.id });
  return credential;
}

/**
 * The tokens kept per key, newest first: an exchange deletes the key's older ones. With the
 * exchange's limit (10 per key per 15 minutes, a token's whole life) a key's clients never hold
 * more live tokens than this in normal use, and the table holds at most this many rows per key
 * (revoked and rotated keys: none), whatever the rate of exchanges.
 */
export const MAX_TOKENS_PER_KEY = 10;

type ExchangeFailure = "wrong_secret" | "revoked" | "expired";

/**
 * A failed exchange for a known key, in its organization's audit log (`api_key.token_exchange_failed`,
 * never the secret tried): the key is the actor, as a failed sign-in's user is. An unknown key has
 * no organization to log under (the limits still count it). A write of its own: nothing else changed.
 */
async function auditExchangeFailure(
  db: Db,
  row: ApiKeyRow,
  meta: RequestMeta & { requestId?: string },
  reason: ExchangeFailure,
): Promise<void> {
  await recordAudit(
    {
      db,
      orgId: row.orgId,
      ip: meta.ip,
      requestId: meta.requestId,
      actor: { type: "apiKey", keyId: row.id, scopes: row.permissions },
    },
    { action: "api_key.token_exchange_failed", targetType: "api_key", targetId: row.id, detail: { reason } },
  );
}

/**
 * POST /api/apikey/token: a key pair for a 900 s bearer token. Limited as a sign-in is, per key and
 * per client IP (server/auth/attempt-limits.ts: 429 RATE_LIMITED with Retry-After), every failure
 * on a known key audited, and at most MAX_TOKENS_PER_KEY tokens kept per key.
 */
export async function exchangeApiToken(
  db: Db,
  input: { api_key: string; api_secret: string },
  meta: RequestMeta & { requestId?: string } = {},
): Promise<IssuedToken> {
  await enforceSignInLimits(
    db,
    { account: { apiKey: input.api_key }, ip: meta.ip },
    "Too many token requests for this API key or from this address. Wait a few minutes and try again.",
  );
  const [row] = await keyByPublicKey(db).execute({ apiKey: input.api_key });
  const presented = sha256Hex(input.api_secret);
  if (!row || !safeEqual(row.secretHash, presented)) {
    if (row) await auditExchangeFailure(db, row, meta, "wrong_secret");
    throw new ServiceError("UNAUTHENTICATED", "The API key or secret is not valid.");
  }
  try {
    usable(row);
  } catch (err) {
    await auditExchangeFailure(db, row, meta, row.status !== "active" ? "revoked" : "expired");
    throw err;
  }
  const token = newOpaqueToken(API_TOKEN_PREFIX);
  const evictedLive = await db.transaction(async (tx) => {
    await tx.insert(apiTokens).values({
      id: newId("atk"),
      tokenHash: sha256Hex(token),
      keyId: row.id,
      secretGeneration: row.secretGeneration,
      expiresAt: new Date(Date.now() + API_TOKEN_TTL_SECONDS * 1000),
    });
    const older = tx
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(eq(apiTokens.keyId, row.id))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .offset(MAX_TOKENS_PER_KEY);
    const evicted = await tx
      .delete(apiTokens)
      .where(and(eq(apiTokens.keyId, row.id), inArray(apiTokens.id, older)))
      .returning({ expiresAt: apiTokens.expiresAt });
    return evicted.some((e) => e.expiresAt.getTime() > Date.now());
  });
  // A live token deleted: no process may go on accepting it from its cache.
  if (evictedLive) credentialsChanged();
  touchLastUsed(db, row.id, meta);
  return { access_token: token, expires_in: API_TOKEN_TTL_SECONDS, token_type: "Bearer" };
}

/** Tokens expired for more than a day (housekeeping). */
export async function purgeExpiredApiTokens(db: Db): Promise<void> {
  await db.delete(apiTokens).where(sql`${apiTokens.expiresAt} < now() - interval '1 day'`);
}
