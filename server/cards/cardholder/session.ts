import { eq, lt, sql } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import {
  cachedCredential,
  credentialEpoch,
  credentialsChanged,
  storeCredential,
} from "@/server/auth/credential-cache";
import type { ResolvedCredential } from "@/server/context";
import { newOpaqueToken, sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { preparedPerDb } from "@/server/db/prepared";
import { cardholderSessions } from "@/server/db/schema/cards";
import type { BearerResolver } from "@/server/http/credentials";

/** A cardholder signs in again after 12 hours (docs/card-program.md, Cardholder pages: email + code). */
export const CARDHOLDER_SESSION_TTL_SECONDS = 12 * 3600;
export const CARDHOLDER_TOKEN_PREFIX = "cht_";

export interface CardholderSessionToken {
  /**
   * The bearer secret: the cookie's value, or `Authorization: Bearer` for the REST API. Shown once, never
   * stored.
   */
  token: string;
  expiresAt: Date;
}

export interface CardholderIdentity {
  orgId: string;
  customerId: string;
}

/** A new session for a cardholder who just proved their email. Only the SHA-256 of the token is stored. */
export async function createCardholderSession(
  db: Db,
  who: CardholderIdentity,
): Promise<CardholderSessionToken> {
  const token = newOpaqueToken(CARDHOLDER_TOKEN_PREFIX);
  const expiresAt = new Date(Date.now() + CARDHOLDER_SESSION_TTL_SECONDS * 1000);
  await db.insert(cardholderSessions).values({
    id: newId("chs"),
    tokenHash: sha256Hex(token),
    orgId: who.orgId,
    customerId: who.customerId,
    expiresAt,
  });
  return { token, expiresAt };
}

const sessionByHash = preparedPerDb((db) =>
  db
    .select({
      orgId: cardholderSessions.orgId,
      customerId: cardholderSessions.customerId,
      expiresAt: cardholderSessions.expiresAt,
    })
    .from(cardholderSessions)
    .where(eq(cardholderSessions.tokenHash, sql.placeholder("hash")))
    .prepare("cardholder_session_by_hash"),
);

type Lookup =
  { state: "valid"; who: CardholderIdentity; expiresAt: Date } | { state: "expired" } | { state: "unknown" };

async function lookUp(db: Db, token: string): Promise<Lookup> {
  if (!token.startsWith(CARDHOLDER_TOKEN_PREFIX)) return { state: "unknown" };
  const [row] = await sessionByHash(db).execute({ hash: sha256Hex(token) });
  if (!row) return { state: "unknown" };
  if (row.expiresAt.getTime() <= Date.now()) return { state: "expired" };
  return { state: "valid", who: { orgId: row.orgId, customerId: row.customerId }, expiresAt: row.expiresAt };
}

/** The cardholder pages' check of the cookie: who is signed in, or null (unknown, ended or expired). */
export async function resolveCardholderSession(db: Db, token: string): Promise<CardholderIdentity | null> {
  const found = await lookUp(db, token);
  return found.state === "valid" ? found.who : null;
}

/** Sign-out. Ending an unknown or already ended session is not an error. */
export async function endCardholderSession(db: Db, token: string): Promise<void> {
  if (!token.startsWith(CARDHOLDER_TOKEN_PREFIX)) return;
  const ended = await db
    .delete(cardholderSessions)
    .where(eq(cardholderSessions.tokenHash, sha256Hex(token)))
    .returning({ id: cardholderSessions.id });
  // The REST resolver may have cached this token: it must stop working at once.
  if (ended.length > 0) credentialsChanged();
}

/**
 * The REST API's view of the same session (a user access token and an API token are the other bearer
 * kinds, docs/decisions-foundation.md; a cardholder's session token is one more, admitted only by
 * routes marked `cardholder: true`). Not ours when the prefix differs (null: the next resolver is
 * asked); ours but unknown -> UNAUTHENTICATED; expired -> TOKEN_EXPIRED. Cached like user tokens
 * (server/auth/credential-cache.ts); sign-out clears the cache.
 */
export const resolveCardholderBearer: BearerResolver = async (db, token) => {
  if (!token.startsWith(CARDHOLDER_TOKEN_PREFIX)) return null;
  const cacheKey = `ch:${sha256Hex(token)}`;
  const hit = cachedCredential(cacheKey);
  if (hit) return hit.credential;
  const epoch = credentialEpoch();
  const found = await lookUp(db, token);
  if (found.state === "unknown") throw new ServiceError("UNAUTHENTICATED", "The access token is not valid.");
  if (found.state === "expired")
    throw new ServiceError("TOKEN_EXPIRED", "The cardholder session has expired. Sign in again.");
  const credential: ResolvedCredential = {
    orgId: found.who.orgId,
    actor: { type: "cardholder", customerId: found.who.customerId },
  };
  storeCredential(cacheKey, epoch, { credential, validUntil: found.expiresAt.getTime() });
  return credential;
};

/** Sessions expired for more than a day no longer earn a TOKEN_EXPIRED answer (for housekeeping). */
export async function purgeExpiredCardholderSessions(db: Db): Promise<number> {
  const gone = await db
    .delete(cardholderSessions)
    .where(lt(cardholderSessions.expiresAt, new Date(Date.now() - 86_400_000)))
    .returning({ id: cardholderSessions.id });
  return gone.length;
}
