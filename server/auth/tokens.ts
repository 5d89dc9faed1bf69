import { and, eq, lt, sql } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { type ResolvedCredential, userActor } from "@/server/context";
import { newOpaqueToken, sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { preparedPerDb } from "@/server/db/prepared";
import { accessTokens, users } from "@/server/db/schema/identity";
import { orgSecuritySettings } from "@/server/db/schema/team";
import { cachedCredential, credentialEpoch, storeCredential } from "./credential-cache";

export const USER_TOKEN_TTL_SECONDS = 3600;
export const USER_TOKEN_PREFIX = "svc_ut_";

export interface IssuedToken {
  access_token: string;
  expires_in: number;
  token_type: "Bearer";
}

/**
 * "Require 2FA for every member" (docs/team.md) holds for the REST API as for the dashboard: a
 * member without 2FA gets no user token, and one already issued is refused, while it is on.
 */
function twoFactorRequiredByOrg(): ServiceError {
  return new ServiceError(
    "TWO_FACTOR_NOT_ENABLED",
    "Your organization requires two-factor authentication: enable it in the console " +
      "(Settings -> Security) first.",
  );
}

/** A dashboard user's 1 h access token (Developers -> access token, or the admin CLI). */
export async function issueUserAccessToken(
  db: Db,
  user: { id: string; orgId: string },
): Promise<IssuedToken> {
  const [row] = await db
    .select({ totpEnabled: users.totpEnabled, required: orgSecuritySettings.requireTwoFactor })
    .from(users)
    .leftJoin(orgSecuritySettings, eq(orgSecuritySettings.orgId, users.orgId))
    .where(and(eq(users.id, user.id), eq(users.orgId, user.orgId)));
  if (row?.required && !row.totpEnabled) throw twoFactorRequiredByOrg();
  const token = newOpaqueToken(USER_TOKEN_PREFIX);
  await db.insert(accessTokens).values({
    id: newId("tok"),
    tokenHash: sha256Hex(token),
    kind: "user",
    orgId: user.orgId,
    userId: user.id,
    expiresAt: new Date(Date.now() + USER_TOKEN_TTL_SECONDS * 1000),
  });
  return { access_token: token, expires_in: USER_TOKEN_TTL_SECONDS, token_type: "Bearer" };
}

const userTokenWithUser = preparedPerDb((db) =>
  db
    .select({
      tokenId: accessTokens.id,
      expiresAt: accessTokens.expiresAt,
      user: users,
      twoFactorRequired: orgSecuritySettings.requireTwoFactor,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(orgSecuritySettings, eq(orgSecuritySettings.orgId, users.orgId))
    .where(and(eq(accessTokens.tokenHash, sql.placeholder("hash")), eq(accessTokens.kind, "user")))
    .prepare("user_token_with_user"),
);

/**
 * Bearer tokens of kind "user". One indexed lookup by hash; the user's current role decides
 * the scopes, so a demotion takes effect on the next request. Expired tokens stay stored until
 * purged so the caller is told TOKEN_EXPIRED rather than UNAUTHENTICATED.
 */
export async function resolveUserBearer(db: Db, token: string): Promise<ResolvedCredential | null> {
  if (!token.startsWith(USER_TOKEN_PREFIX)) return null;
  const hash = sha256Hex(token);
  const hit = cachedCredential(`ut:${hash}`);
  if (hit) return hit.credential;
  const epoch = credentialEpoch();
  const [row] = await userTokenWithUser(db).execute({ hash });
  // A deactivated user's tokens are deleted with the deactivation; this covers one issued after.
  if (!row || row.user.deactivatedAt)
    throw new ServiceError("UNAUTHENTICATED", "The access token is not valid.");
  if (row.expiresAt.getTime() <= Date.now())
    throw new ServiceError("TOKEN_EXPIRED", "The access token has expired. Get a new one.");
  if (row.twoFactorRequired && !row.user.totpEnabled) throw twoFactorRequiredByOrg();
  const credential: ResolvedCredential = {
    orgId: row.user.orgId,
    actor: userActor(row.user, { tokenId: row.tokenId }),
  };
  storeCredential(`ut:${hash}`, epoch, { credential, validUntil: row.expiresAt.getTime() });
  return credential;
}

/** Tokens expired for more than a day are no longer worth a TOKEN_EXPIRED answer. */
export async function purgeExpiredTokens(db: Db): Promise<void> {
  await db.delete(accessTokens).where(lt(accessTokens.expiresAt, new Date(Date.now() - 86_400_000)));
}
