import type { Context } from "hono";
import { ServiceError } from "@/lib/errors";
import type { Scope } from "@/lib/scopes";
import { resolveUserBearer } from "@/server/auth/tokens";
import type { Actor, RequestMeta, ResolvedCredential } from "@/server/context";
import type { Db } from "@/server/db/client";
import type { ApiEnv } from "./types";

/**
 * Resolves a bearer token. Returns null when the token is not of its kind (so the next resolver
 * is asked); throws UNAUTHENTICATED / TOKEN_EXPIRED when it is of its kind but not valid.
 */
export type BearerResolver = (db: Db, token: string, meta: RequestMeta) => Promise<ResolvedCredential | null>;

/** Resolves an X-API-Key + X-API-Secret pair; null or UNAUTHENTICATED when they do not match. */
export type ApiKeyPairResolver = (
  db: Db,
  pair: { apiKey: string; apiSecret: string },
  meta: RequestMeta,
) => Promise<ResolvedCredential | null>;

export type CredentialResolver =
  { kind: "bearer"; resolve: BearerResolver } | { kind: "apiKeyPair"; resolve: ApiKeyPairResolver };

const bearerResolvers: BearerResolver[] = [resolveUserBearer];
let apiKeyPairResolver: ApiKeyPairResolver | null = null;

/**
 * Adds a way to authenticate (the API-key issue registers API tokens and the key pair here).
 * Returns a function that removes it again (tests).
 */
export function registerCredentialResolver(resolver: CredentialResolver): () => void {
  if (resolver.kind === "bearer") {
    const fn = resolver.resolve;
    if (!bearerResolvers.includes(fn)) bearerResolvers.push(fn);
    return () => {
      const at = bearerResolvers.indexOf(fn);
      if (at >= 0) bearerResolvers.splice(at, 1);
    };
  }
  const fn = resolver.resolve;
  apiKeyPairResolver = fn;
  return () => {
    if (apiKeyPairResolver === fn) apiKeyPairResolver = null;
  };
}

const AUTH_HINT = "Send Authorization: Bearer <token>, or X-API-Key and X-API-Secret.";
const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]{1,512}) *$/i;
const KEY_PART = /^[\x21-\x7e]{1,256}$/;

function unauthenticated(message: string): ServiceError {
  return new ServiceError("UNAUTHENTICATED", message);
}

/**
 * The credential of a request. Authorization wins when both kinds are sent. Anything missing,
 * malformed or unknown is 401 UNAUTHENTICATED; an expired bearer token is 401 TOKEN_EXPIRED.
 */
export async function resolveCredential(
  c: Context<ApiEnv>,
  db: Db,
  meta: RequestMeta = {},
): Promise<ResolvedCredential> {
  const authorization = c.req.header("authorization");
  if (authorization !== undefined) {
    const match = BEARER.exec(authorization);
    if (!match) throw unauthenticated(`The Authorization header is malformed. ${AUTH_HINT}`);
    const token = match[1]!;
    for (const resolve of bearerResolvers) {
      const credential = await resolve(db, token, meta);
      if (credential) return credential;
    }
    throw unauthenticated("The access token is not valid.");
  }
  const apiKey = c.req.header("x-api-key");
  const apiSecret = c.req.header("x-api-secret");
  if (apiKey === undefined && apiSecret === undefined)
    throw unauthenticated(`Authentication required. ${AUTH_HINT}`);
  if (
    apiKey === undefined ||
    apiSecret === undefined ||
    !KEY_PART.test(apiKey) ||
    !KEY_PART.test(apiSecret)
  ) {
    throw unauthenticated("X-API-Key and X-API-Secret must be sent together.");
  }
  const credential = apiKeyPairResolver ? await apiKeyPairResolver(db, { apiKey, apiSecret }, meta) : null;
  if (!credential) throw unauthenticated("The API key or secret is not valid.");
  return credential;
}

export function scopesOf(actor: Actor): readonly Scope[] {
  return actor.type === "user" || actor.type === "apiKey" ? actor.scopes : [];
}
