import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "@/server/db/client";
import { DISABLE_AFTER_FAILURES } from "./schedule";
import { newAttemptId } from "./secret";

/**
 * The delivery table as a queue. A claim is one statement: due rows (pending/retrying, next
 * attempt passed, no live lease, subscription enabled) are locked FOR UPDATE SKIP LOCKED and get
 * locked_by/locked_until and attempts + 1. Every later write is guarded by locked_by = this
 * worker, so a worker whose lease ran out cannot record over the next owner.
 */

export interface ClaimedDelivery {
  id: string;
  orgId: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: string;
  /** When its event committed (a delivery's created_at is its event's): the first attempt's lag. */
  eventCreatedAt: Date;
  /** This attempt's number (1-based). */
  attempt: number;
  attemptLimit: number;
  url: string;
  secretSealed: string;
  /** The secret before the last rotation while its grace window is open (read at claim, so at send). */
  previousSecretSealed: string | null;
  /** Also send the Standard Webhooks headers. */
  standardWebhooks: boolean;
}

export interface ClaimOptions {
  workerId: string;
  limit: number;
  leaseSeconds: number;
  /** Most attempts in flight per subscription; `inFlight` says how many this worker already has. */
  perEndpoint: number;
  inFlight?: Map<string, number>;
  /** Only this organization (tests on a shared Postgres). */
  orgId?: string;
}

export async function claimDueDeliveries(db: Db, opts: ClaimOptions): Promise<ClaimedDelivery[]> {
  if (opts.limit <= 0) return [];
  const busy: Record<string, number> = {};
  const saturated: string[] = [];
  for (const [id, n] of opts.inFlight ?? []) {
    busy[id] = n;
    if (n >= opts.perEndpoint) saturated.push(id);
  }
  const scan = Math.max(opts.limit * 4, 200);
  // Saturated endpoints are left out of the scan and the others get at most their free room, so
  // a slow endpoint's backlog cannot fill the batch while other endpoints have due work.
  const result = await db.execute(sql`
    with candidates as (
      select d.id, d.created_at, d.webhook_id, d.next_attempt_at from webhook_deliveries d
      where d.status in ('pending', 'retrying') and d.next_attempt_at <= now()
        and (d.locked_until is null or d.locked_until < now())
        ${opts.orgId ? sql`and d.org_id = ${opts.orgId}` : sql``}
        ${
          saturated.length
            ? sql`and d.webhook_id not in (${sql.join(
                saturated.map((s) => sql`${s}`),
                sql`, `,
              )})`
            : sql``
        }
        and exists (select 1 from webhook_subscriptions s where s.id = d.webhook_id and s.enabled)
      order by d.next_attempt_at
      limit ${scan}
    ), ranked as (
      select id, created_at, next_attempt_at,
             row_number() over (partition by webhook_id order by next_attempt_at) as rn,
             ${opts.perEndpoint}::int
               - coalesce((${JSON.stringify(busy)}::jsonb ->> webhook_id)::int, 0) as room
      from candidates
    ), due as materialized (
      -- Joined on the whole key: one partition's primary key per row, not a probe of every partition
      -- (on id alone, the status recheck was planned as a bitmap AND with the due index: 240 ms).
      select d.id, d.created_at from webhook_deliveries d
        join ranked r on r.id = d.id and r.created_at = d.created_at
      where r.rn <= r.room and d.status in ('pending', 'retrying') and (d.locked_until is null or
        d.locked_until < now())
      order by r.next_attempt_at
      limit ${opts.limit}
      for update of d skip locked
    )
    update webhook_deliveries d
    set locked_by = ${opts.workerId}, locked_until = now() + make_interval(secs => ${opts.leaseSeconds}),
      attempts = d.attempts + 1
    from due, webhook_subscriptions s
    where d.id = due.id and d.created_at = due.created_at and s.id = d.webhook_id
    returning d.id, d.org_id, d.webhook_id, d.event_id, d.event_type, d.payload, d.attempts, d.attempt_limit, d.created_at,
      s.url, s.secret_sealed, s.standard_webhooks,
      case when s.previous_secret_expires_at > now() then s.previous_secret_sealed end as previous_secret_sealed`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: String(r.id),
    orgId: String(r.org_id),
    webhookId: String(r.webhook_id),
    eventId: String(r.event_id),
    eventType: String(r.event_type),
    payload: String(r.payload),
    eventCreatedAt: new Date(r.created_at as string | Date),
    attempt: Number(r.attempts),
    attemptLimit: Number(r.attempt_limit),
    url: String(r.url),
    secretSealed: String(r.secret_sealed),
    previousSecretSealed: r.previous_secret_sealed == null ? null : String(r.previous_secret_sealed),
    standardWebhooks: r.standard_webhooks === true,
  }));
}

/** A delivery that ran out of attempts in this batch (webhook.delivery.exhausted). */
export interface ExhaustedDelivery {
  org_id: string;
  webhook_id: string;
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempts: number;
  last_response_status: number | null;
  last_error: string | null;
  /** The subscription's run of failures starts with this batch (the admins are e-mailed once per run). */
  run_starts: boolean;
}

/** A subscription this batch disabled (100 failures in a row: webhook.disabled). */
export interface AutoDisabled {
  org_id: string;
  webhook_id: string;
  url: string;
  reason: string;
  consecutive_failures: number;
}

export interface RecordedOutcomes {
  ids: Set<string>;
  exhausted: ExhaustedDelivery[];
  disabled: AutoDisabled[];
}

export interface AttemptOutcome {
  deliveryId: string;
  webhookId: string;
  attempt: number;
  /** succeeded, retrying (nextAttemptAt set) or failed for good. */
  status: "succeeded" | "retrying" | "failed";
  nextAttemptAt: Date | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  startedAt: Date;
  requestHeaders: Record<string, string>;
}

/**
 * Records finished attempts (the pump batches whatever finished meanwhile) in one statement, so
 * one round trip and atomic: the deliveries (only those this worker still holds), their attempt
 * rows, and each subscription's run of failed-for-good deliveries (a success resets it; 100
 * disables). Returns the ids recorded.
 */
export async function recordOutcomeRows(
  db: Db,
  workerId: string,
  outcomes: AttemptOutcome[],
): Promise<RecordedOutcomes> {
  // n: the order attempts finished in, which decides a subscription's run (the last success resets it).
  const rows = outcomes.map((o, n) => ({
    n,
    id: o.deliveryId,
    webhook_id: o.webhookId,
    attempt: o.attempt,
    attempt_id: newAttemptId(),
    status: o.status,
    next: o.nextAttemptAt?.toISOString() ?? null,
    rs: o.responseStatus,
    rb: o.responseBody,
    err: o.error,
    ms: o.durationMs,
    started: o.startedAt.toISOString(),
    headers: o.requestHeaders,
  }));
  const result = await db.execute(sql`
    with o as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as o(n int, id text, webhook_id text,
        attempt int, attempt_id text, status text, next timestamptz, rs int, rb text, err text, ms int,
        started timestamptz, headers jsonb)
    ), recorded as (
      update webhook_deliveries d
      -- A sandbox fast-forward (fast_retries, read under the lease as it stands now, so one set while
      -- this attempt ran counts too) makes the next retry due at once.
      set status = o.status, next_attempt_at = case when o.status = 'retrying' and d.fast_retries then now()
            else o.next end,
          last_response_status = o.rs, last_response_body = o.rb,
          last_error = o.err, duration_ms = o.ms, locked_by = null, locked_until = null,
          delivered_at = case when o.status = 'succeeded' then now() else d.delivered_at end
      from o
      -- The ids as one array: a join on o alone is planned as a scan of every partition.
      where d.id = any(array(select id from o)) and d.id = o.id and d.locked_by = ${workerId}
      returning d.id, d.org_id, d.event_id, d.event_type, d.next_attempt_at as next_at
    ), kept as (
      select o.*, r.org_id, r.event_id, r.event_type, r.next_at,
        max(o.n) filter (where o.status = 'succeeded') over (partition by o.webhook_id) as last_ok
      from o join recorded r on r.id = o.id
    ), attempts as (
      insert into webhook_delivery_attempts (id, delivery_id, attempt, request_headers, response_status,
        response_body, error, duration_ms, started_at, next_attempt_at)
      select attempt_id, id, attempt, headers, rs, rb, err, ms, started, next_at from kept
    ), runs as (
      select webhook_id, bool_or(status = 'succeeded') as reset,
        count(*) filter (where status = 'failed' and n > coalesce(last_ok, -1))::int as failed,
        (array_agg(err order by n desc) filter (where status = 'failed'))[1] as err
      from kept group by webhook_id
    ), next as (
      select s.id, (case when r.reset then 0 else s.consecutive_failures end) + r.failed as n, r.err,
        (case when r.reset then 0 else s.consecutive_failures end) = 0 as run_starts
      from webhook_subscriptions s join runs r on r.webhook_id = s.id
      where (r.reset or r.failed > 0) and (r.failed > 0 or s.consecutive_failures > 0)
    ), counters as (
      update webhook_subscriptions s set consecutive_failures = next.n, updated_at = now()
      from next where s.id = next.id and not (s.enabled and next.n >= ${DISABLE_AFTER_FAILURES})
    ), disabling as (
      -- Apart from counters so that it returns the subscriptions this statement disabled: a row another
      -- worker disabled meanwhile is re-checked under its lock (no longer enabled) and left out.
      update webhook_subscriptions s
      set consecutive_failures = next.n, enabled = false, updated_at = now(),
          disabled_reason = ${`Disabled after ${DISABLE_AFTER_FAILURES} consecutive failed deliveries`}
              || coalesce('; last error: ' || next.err, '') || '.'
      from next where s.id = next.id and s.enabled and next.n >= ${DISABLE_AFTER_FAILURES}
      returning s.id, s.org_id, s.url, s.disabled_reason, s.consecutive_failures
    )
    select
      (select coalesce(json_agg(id), '[]') from recorded) as ids,
      (select coalesce(json_agg(json_build_object('org_id', k.org_id, 'webhook_id', k.webhook_id,
        'delivery_id', k.id, 'event_id', k.event_id, 'event_type', k.event_type, 'attempts', k.attempt,
        'last_response_status', k.rs, 'last_error', k.err,
        'run_starts', coalesce((select run_starts from next where next.id = k.webhook_id), false)) order by k.n), '[]')
        from kept k where k.status = 'failed') as exhausted,
      (select coalesce(json_agg(json_build_object('org_id', d.org_id, 'webhook_id', d.id, 'url', d.url,
        'reason', d.disabled_reason, 'consecutive_failures', d.consecutive_failures)), '[]')
        from disabling d) as disabled`);
  const [row] = rowsOf<{ ids: unknown; exhausted: unknown; disabled: unknown }>(result);
  const parse = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
  return {
    ids: new Set(parse<string[]>(row?.ids ?? [])),
    exhausted: parse<ExhaustedDelivery[]>(row?.exhausted ?? []),
    disabled: parse<AutoDisabled[]>(row?.disabled ?? []),
  };
}

/** Hands claimed deliveries back untried (shutdown): lease cleared, the attempt not counted. */
export async function releaseDeliveries(db: Db, workerId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.execute(sql`
    update webhook_deliveries set locked_by = null, locked_until = null, attempts = greatest(attempts - 1, 0)
    where locked_by = ${workerId} and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})
    returning id`);
  return rowsOf(result).length;
}
