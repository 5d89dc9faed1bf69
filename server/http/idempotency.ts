import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { ServiceError } from "@/lib/errors";
import { type Actor, actorId } from "@/server/context";
import { decryptSecret, encryptSecret } from "@/server/crypto/encryption";
import { sha256Hex } from "@/server/crypto/hash";
import { type Db, rowsOf } from "@/server/db/client";
import { log } from "@/server/log";
import type { ApiEnv } from "./types";

/**
 * The Idempotency-Key store (docs/errors.md, Idempotency; IETF httpapi Idempotency-Key draft) on
 * the idempotency_keys table. Every step is one statement keyed by the primary key, so two app
 * instances on one Postgres agree on who runs a request: the INSERT ... ON CONFLICT decides.
 *
 * A key belongs to the credential's holder (the actor), not only to the organization: a replay
 * answers only the caller that stored it, after the kit authenticated it and checked its
 * permission; anyone else with the same key runs the route, with its own checks (the cardholder
 * of another account gets its 404, never the first caller's answer). The answer of a route that
 * carries a secret is stored sealed with ENCRYPTION_KEY.
 */

export type IdempotencyMode = "required" | "optional" | "none";

export const IDEMPOTENCY_TTL_HOURS = 24;
/** An in-progress claim older than this belongs to a process that died; it may be taken over. */
export const IDEMPOTENCY_LEASE_SECONDS = 300;

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The key of the request, or null; IETF sends it as a structured-field string ("..."). */
export function idempotencyKeyOf(c: Context<ApiEnv>, mode: IdempotencyMode): string | null {
  if (mode === "none") return null;
  let key = c.req.header("idempotency-key");
  if (key === undefined || key === "") {
    if (mode === "required")
      throw new ServiceError(
        "IDEMPOTENCY_KEY_REQUIRED",
        "This endpoint needs an Idempotency-Key header (a unique value per operation, e.g. a UUID).",
      );
    return null;
  }
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) key = key.slice(1, -1);
  if (!KEY.test(key)) {
    throw new ServiceError(
      "VALIDATION_ERROR",
      "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
      {
        details: [{ path: "headers.idempotency-key", message: "Must be 1 to 255 visible ASCII characters." }],
      },
    );
  }
  return key;
}

/** What makes two requests "the same": the query string and the exact body bytes. */
export function requestFingerprint(query: string, body: string): string {
  return sha256Hex(`${query}\n${body}`);
}

export interface IdempotencyScope {
  orgId: string;
  /** actorKeyOf(ctx.actor). */
  actor: string;
  method: string;
  path: string;
  key: string;
}

/** Who a key belongs to, as stored: "apiKey:<key id>", "user:<user id>", "cardholder:<customer id>". */
export function actorKeyOf(actor: Actor): string {
  return `${actor.type}:${actorId(actor) ?? (actor.type === "system" ? actor.reason : "")}`;
}

export interface IdempotencyClaim extends IdempotencyScope {
  fingerprint: string;
  /** The route's answer carries a secret: its body is stored sealed (RouteSpec.carriesSecret). */
  seal: boolean;
  /** created_at of our claim in microseconds: completes/releases only the claim we own. */
  claimedAt: string;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type ClaimOutcome =
  { kind: "claimed"; claim: IdempotencyClaim } | { kind: "replay"; response: StoredResponse };

/**
 * Claims the key for this request, or tells what to answer instead: the stored response (same
 * fingerprint, completed), 409 IDEMPOTENCY_KEY_IN_USE (same fingerprint, still running) or 422
 * IDEMPOTENCY_KEY_MISMATCH (another body). Expired rows and stale claims are taken over.
 */
export async function claimIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  fingerprint: string,
  seal: boolean,
): Promise<ClaimOutcome> {
  const { orgId, actor, method, path, key } = scope;
  // A row may vanish between the two statements (released after a 5xx): then claim again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = rowsOf<{ claimed_at: string | number | bigint }>(
      await db.execute(sql`
        insert into idempotency_keys as k (org_id, actor, method, path, key, request_hash, state, created_at,
          expires_at)
        values (${orgId}, ${actor}, ${method}, ${path}, ${key}, ${fingerprint}, 'in_progress', now(), now() +
          make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
        on conflict (org_id, actor, method, path, key) do update set
          request_hash = excluded.request_hash, state = 'in_progress', response_status = null,
          response_headers = null, response_body = null, response_sealed = false, created_at = now(),
          expires_at = excluded.expires_at
        where k.expires_at <= now()
          or (k.state = 'in_progress' and k.created_at < now() - make_interval(secs =>
            ${IDEMPOTENCY_LEASE_SECONDS}))
        returning (extract(epoch from k.created_at) * 1000000)::bigint::text as claimed_at`),
    );
    if (claimed[0])
      return {
        kind: "claimed",
        claim: { ...scope, fingerprint, seal, claimedAt: String(claimed[0].claimed_at) },
      };

    const [row] = rowsOf<StoredRow & { request_hash: string; state: string }>(
      await db.execute(sql`
        select request_hash, state, response_status, response_headers, response_body, response_sealed
        from idempotency_keys
        where org_id = ${orgId} and actor = ${actor} and method = ${method} and path = ${path}
          and key = ${key} and expires_at > now()`),
    );
    if (!row) continue;
    if (row.request_hash !== fingerprint) throw keyMismatch();
    if (row.state !== "completed" || row.response_status === null) throw keyInUse();
    return { kind: "replay", response: storedResponseFromRow(row) };
  }
  throw new ServiceError(
    "IDEMPOTENCY_KEY_IN_USE",
    "A request with this Idempotency-Key is being processed. Retry shortly.",
  );
}

export const keyMismatch = () =>
  new ServiceError(
    "IDEMPOTENCY_KEY_MISMATCH",
    "This Idempotency-Key was already used with a different request body. " +
      "Use a new key for a new operation.",
  );

export const keyInUse = () =>
  new ServiceError(
    "IDEMPOTENCY_KEY_IN_USE",
    "A request with this Idempotency-Key is still being processed. Retry shortly.",
  );

/** A completed row's answer as the table holds it. */
export interface StoredRow {
  response_status: number | null;
  response_headers: Record<string, string> | string | null;
  response_body: string | null;
  response_sealed: boolean | null;
}

export function storedResponseFromRow(row: StoredRow): StoredResponse {
  const headers =
    typeof row.response_headers === "string"
      ? (JSON.parse(row.response_headers) as Record<string, string>)
      : (row.response_headers ?? {});
  const body = row.response_body ?? "";
  return {
    status: Number(row.response_status),
    headers,
    body: row.response_sealed ? decryptSecret(body) : body,
  };
}

/** The body as stored: sealed with ENCRYPTION_KEY when the route's answer carries a secret. */
export function bodyToStore(body: string, seal: boolean): string {
  return seal ? encryptSecret(body) : body;
}

const OWN_CLAIM = (claim: IdempotencyClaim) => sql`
  org_id = ${claim.orgId} and actor = ${claim.actor} and method = ${claim.method} and path = ${claim.path}
  and key = ${claim.key} and state = 'in_progress' and (extract(epoch from created_at) * 1000000)::bigint =
    ${claim.claimedAt}::bigint`;

export async function completeIdempotencyKey(
  db: Db,
  claim: IdempotencyClaim,
  response: StoredResponse,
): Promise<void> {
  await db.execute(sql`
    update idempotency_keys set state = 'completed', response_status = ${response.status},
      response_headers = ${JSON.stringify(response.headers)}::jsonb,
      response_body = ${bodyToStore(response.body, claim.seal)}, response_sealed = ${claim.seal}
    where ${OWN_CLAIM(claim)}`);
}

/**
 * After a 5xx, a 429, a 401 or a 403 the operation did not happen: free the key so the client can
 * retry. A refusal of the caller (a missing or wrong 2FA code, a permission) is not the operation's
 * outcome: kept, it would be replayed to the same caller once it sends the right code.
 */
export function releasesKey(status: number): boolean {
  return status >= 500 || status === 429 || status === 401 || status === 403;
}

/** Frees the key of a claim whose request did not happen (releasesKey). */
export async function releaseIdempotencyKey(db: Db, claim: IdempotencyClaim): Promise<void> {
  await db.execute(sql`delete from idempotency_keys where ${OWN_CLAIM(claim)}`);
}

/** Headers worth replaying: not the per-request ones. */
const NOT_REPLAYED = new Set([
  "x-request-id",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "retry-after",
  "idempotent-replayed",
]);

/** Stores the outcome of a claimed request (or releases the key) and returns the response to send. */
export async function settleIdempotency(db: Db, claim: IdempotencyClaim, res: Response): Promise<Response> {
  if (releasesKey(res.status)) {
    await releaseIdempotencyKey(db, claim).catch((err: unknown) =>
      log.error({ err, key: claim.key }, "could not release an idempotency key"),
    );
    return res;
  }
  const stored = await storedResponseOf(res);
  try {
    await completeIdempotencyKey(db, claim, stored);
  } catch (err) {
    // The operation happened; the key stays claimed until its lease runs out.
    log.error({ err, key: claim.key }, "could not store an idempotent response");
  }
  return new Response(stored.body, { status: res.status, headers: res.headers });
}

/** What is kept of a response to replay it: status, the headers worth replaying, the body text. */
export async function storedResponseOf(res: Response): Promise<StoredResponse> {
  const body = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!NOT_REPLAYED.has(name)) headers[name] = value;
  });
  return { status: res.status, headers, body };
}

export function replayResponse(stored: StoredResponse, requestId: string): Response {
  const headers = new Headers(stored.headers);
  headers.set("X-Request-Id", requestId);
  headers.set("Idempotent-Replayed", "true");
  return new Response(stored.body, { status: stored.status, headers });
}

/** Housekeeping for the worker: rows past their 24 h are dead weight. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<void> {
  await db.execute(sql`delete from idempotency_keys where expires_at < now()`);
}
