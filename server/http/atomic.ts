import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { type Db, rowsOf } from "@/server/db/client";
import {
  rateLimitHitSql,
  type RateLimitRule,
  type RateLimitState,
  rateLimitState,
} from "@/server/platform/rate-limit";
import { errorResponse } from "./error-response";
import {
  bodyToStore,
  claimIdempotencyKey,
  IDEMPOTENCY_LEASE_SECONDS,
  IDEMPOTENCY_TTL_HOURS,
  type IdempotencyScope,
  keyInUse as inUse,
  keyMismatch as mismatch,
  releasesKey,
  replayResponse,
  settleIdempotency,
  type StoredResponse,
  storedResponseFromRow,
  storedResponseOf,
  type StoredRow,
} from "./idempotency";
import { applyRateLimits, reportRateLimits, type RouteRateLimit, ruleOf } from "./rate-limit";
import type { ApiEnv } from "./types";

/**
 * An `atomic` route (docs/errors.md, "Idempotency"): the rate-limit count, the idempotency
 * claim, the handler's writes and the stored response commit together, in one transaction, instead
 * of four commits one after the other: BEGIN, the key's lock and row (one statement), the handler's
 * statements, the counts and the stored response (one statement), COMMIT. Every route that moves
 * money is one: there is no moment at which the effect is committed and its answer is not, so
 * neither a process that dies after the handler (its claim taken over after the lease) nor a
 * COMMIT whose acknowledgement is lost (a 5xx) lets a retry run the operation again. What a client
 * sees is the same as on any idempotent route:
 *
 * - another request running with the key: 409 IDEMPOTENCY_KEY_IN_USE at once (a transaction-scoped
 *   advisory lock on the key, tried without waiting, stands for the in-progress claim);
 * - the key completed with the same body: the stored response, byte for byte; another body: 422;
 * - a handler's 4xx is stored with what the handler kept of it (a use case rolls back its own
 *   change; what it records of a refusal, e.g. a failed funding, commits with the stored answer);
 *   a handler that left the transaction unusable has its 4xx rolled back and stored the ordinary
 *   way; a 5xx, 429, 401 or 403 rolls everything back and stores nothing.
 *
 * The handler's use case runs on the transaction (ctx.db; its own transactions become savepoints)
 * and must write through it alone: another connection would not see the claim's lock, and on the
 * embedded database would wait for this transaction forever.
 */

export interface AtomicRequest {
  c: Context<ApiEnv>;
  db: Db;
  rateLimits: readonly RouteRateLimit[];
  who: { orgId?: string; ip?: string };
  scope: IdempotencyScope;
  fingerprint: string;
  /** Store the answer sealed (RouteSpec.carriesSecret). */
  seal: boolean;
  requestId: string;
  /** Runs the handler on the transaction. */
  run: (tx: Db) => Promise<Response>;
}

/** Leaves the transaction (rolled back) with what to answer. */
class Rollback {
  constructor(readonly res: Response | null) {}
}

interface KeyRow extends StoredRow {
  locked: boolean;
  request_hash: string | null;
  state: string | null;
  stale: boolean | null;
}

export async function runAtomic(r: AtomicRequest): Promise<Response> {
  const { c, scope, fingerprint } = r;
  const rules = r.rateLimits.map((l) => ruleOf(l, r.who));
  try {
    return await r.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const row = await lockKey(tx, scope);
      const taken = !row.locked || (row.state !== null && !(row.state === "in_progress" && row.stale));
      if (taken) {
        // Counted as on other routes (where the count comes first); a 429 leaves by a throw.
        if (r.rateLimits.length) await applyRateLimits(c, tx, r.rateLimits, r.who);
        if (!row.locked) return errorResponse(c, inUse());
        if (row.request_hash !== fingerprint) return errorResponse(c, mismatch());
        if (row.state !== "completed" || row.response_status === null) return errorResponse(c, inUse());
        return replayResponse(storedResponseFromRow(row), r.requestId);
      }
      let res: Response;
      try {
        res = await r.run(tx);
      } catch (err) {
        res = errorResponse(c, err);
      }
      // The operation did not happen (a 5xx, a 429, a refusal of the caller): nothing is kept.
      if (releasesKey(res.status)) throw new Rollback(res);
      const stored = await storedResponseOf(res);
      // Last, so the organization's counter row is locked only until the commit that follows.
      const { states, kept } = await countAndStore(tx, rules, scope, fingerprint, stored, r.seal).catch(
        (err: unknown) => {
          // A refusal whose handler left the transaction unusable (a failed statement): rolled back,
          // then kept the ordinary way. A success's effect rolls back with it: the error answers.
          if (res.status < 400) throw err;
          throw new Rollback(new Response(stored.body, { status: res.status, headers: res.headers }));
        },
      );
      if (rules.length) reportRateLimits(c, states); // a 429 throws: the quote is rolled back
      // Under the lock no live row can appear; none stored means one did (a claim by a request of
      // another kind, or a commit between our snapshot and the lock): give way.
      if (!kept) throw new Rollback(null);
      return new Response(stored.body, { status: res.status, headers: res.headers });
    });
  } catch (err) {
    if (!(err instanceof Rollback)) return errorResponse(c, err);
    if (!err.res) return errorResponse(c, inUse());
    if (releasesKey(err.res.status)) return err.res;
    return storeRefusal(r, err.res);
  }
}

/** A refused request (4xx) is answered and kept under its key, as the ordinary path does. */
async function storeRefusal(r: AtomicRequest, res: Response): Promise<Response> {
  try {
    if (r.rateLimits.length) await applyRateLimits(r.c, r.db, r.rateLimits, r.who);
    const outcome = await claimIdempotencyKey(r.db, r.scope, r.fingerprint, r.seal);
    if (outcome.kind === "replay") return replayResponse(outcome.response, r.requestId);
    return await settleIdempotency(r.db, outcome.claim, res);
  } catch (err) {
    return errorResponse(r.c, err);
  }
}

/** One statement: the key's advisory lock (not waited for) and its live row, if any. */
async function lockKey(tx: Db, s: IdempotencyScope): Promise<KeyRow> {
  const rows = rowsOf<KeyRow>(
    await tx.execute(sql`
      with lk as (
        select pg_try_advisory_xact_lock(
          hashtextextended(${s.orgId} || ' ' || ${s.actor} || ' ' || ${s.method} || ' ' || ${s.path} || ' '
            || ${s.key}, 0)) as locked
      )
      select lk.locked, k.request_hash, k.state, k.response_status, k.response_headers, k.response_body,
        k.response_sealed, k.created_at < now() - make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}) as stale
      from lk left join idempotency_keys k
        on k.org_id = ${s.orgId} and k.actor = ${s.actor} and k.method = ${s.method} and k.path = ${s.path}
        and k.key = ${s.key} and k.expires_at > now()`),
  );
  return rows[0]!;
}

/**
 * One statement: a hit on each rate limit and, when every limit allows it, the key's completed row
 * (written once: not over a live row). `kept` is false when the row was not written.
 */
async function countAndStore(
  tx: Db,
  rules: RateLimitRule[],
  s: IdempotencyScope,
  fingerprint: string,
  res: StoredResponse,
  seal: boolean,
): Promise<{ states: RateLimitState[]; kept: boolean }> {
  const hits = rules.map((rule, i) => sql`${sql.raw(`rl${i}`)} as (${rateLimitHitSql(rule)}),`);
  const allowed = rules.map((rule, i) => sql` and (select count from ${sql.raw(`rl${i}`)}) <= ${rule.limit}`);
  const columns = rules.map(
    (_, i) => sql`, (select count from ${sql.raw(`rl${i}`)}) as ${sql.raw(`c${i}`)},
      (select reset_seconds from ${sql.raw(`rl${i}`)}) as ${sql.raw(`r${i}`)}`,
  );
  const rows = rowsOf<Record<string, number | string>>(
    await tx.execute(sql`
      with ${sql.join(hits)} ins as (
        insert into idempotency_keys as k (org_id, actor, method, path, key, request_hash, state,
          response_status, response_headers, response_body, response_sealed, created_at, expires_at)
        select ${s.orgId}, ${s.actor}, ${s.method}, ${s.path}, ${s.key}, ${fingerprint}, 'completed',
          ${res.status}, ${JSON.stringify(res.headers)}::jsonb, ${bodyToStore(res.body, seal)}, ${seal}, now(),
          now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
        where true${sql.join(allowed)}
        on conflict (org_id, actor, method, path, key) do update set
          request_hash = excluded.request_hash, state = 'completed',
          response_status = excluded.response_status,
          response_headers = excluded.response_headers, response_body = excluded.response_body,
          response_sealed = excluded.response_sealed, created_at = now(), expires_at = excluded.expires_at
        where k.expires_at <= now()
          or (k.state = 'in_progress'
            and k.created_at < now() - make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}))
        returning 1 as ok)
      select (select count(*) from ins)::int as kept${sql.join(columns)}`),
  );
  const row = rows[0]!;
  return {
    states: rules.map((rule, i) =>
      rateLimitState(rule, { count: row[`c${i}`]!, reset_seconds: row[`r${i}`]! }),
    ),
    kept: Number(row.kept) === 1,
  };
}
