import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { postgresErrorOf } from "@/server/db/errors";
import { log } from "@/server/log";
import { registerJobHandler } from "./job-handlers";
import { type EnqueuedJob, enqueueJob } from "./queue";

/**
 * Partition maintenance (docs/scaling.md): the big tables are range-partitioned by month (UTC) of a
 * time column (migration 0012_partition_big_tables). This job creates the months ahead and drops
 * the months wholly older than each table's retention, instead of deleting rows one by one.
 * Partitions are named <table>_pYYYY_MM; <table>_default holds rows of months without one.
 */

export const PARTITIONS_KIND = "partitions.maintain";
export const PARTITIONS_INTERVAL_MS = 60 * 60_000;
/** Months created ahead of the current one, so an insert never waits for the job. */
export const MONTHS_AHEAD = 3;

export interface PartitionedTable {
  table: string;
  /** The partition key: a timestamptz column. */
  column: string;
  /** Rows older than the returned time may go; a partition goes once its whole month is older. */
  keepAfter: (now: Date) => Date;
  /**
   * Rows that outlive the retention (unfinished work). A partition holding any stays; only its other
   * rows are deleted.
   */
  keepWhere?: ReturnType<typeof sql>;
  /** Runs in the transaction that removes the rows of `relation` older than `before`. */
  beforeRemove?: (tx: Db, scope: { relation: string; before: Date }) => Promise<void>;
}

export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

// The platform's own: dispatched outbox events are kept 30 days, the undispatched until dispatched.
const tables = new Map<string, PartitionedTable>([
  [
    "outbox_events",
    {
      table: "outbox_events",
      column: "created_at",
      keepAfter: (now) => daysBefore(now, 30),
      keepWhere: sql`dispatched_at is null`,
    },
  ],
]);

/** A domain's partitioned table joins the maintenance (the composition root registers it). */
export function addPartitionedTable(spec: PartitionedTable): void {
  tables.set(spec.table, spec);
}

/** First instant (UTC) of the month `offset` months after the month of `date`. */
export function monthStart(date: Date, offset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
}

async function rows<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** The monthly partitions of a table with their month, oldest first (the default one left out). */
export async function listPartitions(db: Db, table: string): Promise<{ name: string; month: Date }[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = to_regclass(${table})`,
  );
  const pattern = new RegExp(`^${table}_p(\\d{4})_(\\d{2})$`);
  return found
    .flatMap(({ name }) => {
      const m = pattern.exec(name);
      return m ? [{ name, month: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) }] : [];
    })
    .sort((a, b) => a.month.getTime() - b.month.getTime());
}

export interface TableReport {
  created: string[];
  dropped: string[];
  /** Past retention but holding unfinished rows: the others were deleted, the partition kept. */
  kept: string[];
  /** Rows past retention deleted from the default partition. */
  defaultRowsDeleted: number;
}

/**
 * Creating, attaching or dropping a partition takes an ACCESS EXCLUSIVE lock on the parent. A request
 * for it waits behind running transactions and every later request queues behind it, so it waits at
 * most LOCK_TIMEOUT (shorter than Postgres' 1 s deadlock_timeout: this job gives up, never a
 * request's transaction) and is tried again a few times.
 */
const LOCK_TIMEOUT = "300ms";
const LOCK_TRIES = 8;

async function withLockTimeout<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`);
        return work(tx);
      });
    } catch (err) {
      const code = postgresErrorOf(err)?.code;
      // 55P03 lock_not_available (the timeout), 40P01 deadlock_detected.
      if (attempt >= LOCK_TRIES || (code !== "55P03" && code !== "40P01")) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

async function removeRows(db: Db, spec: PartitionedTable, relation: string, before: Date): Promise<number> {
  const rel = sql.identifier(relation);
  const col = sql.identifier(spec.column);
  const keep = spec.keepWhere ? sql` and not (${spec.keepWhere})` : sql``;
  return withLockTimeout(db, async (tx) => {
    await spec.beforeRemove?.(tx, { relation, before });
    const gone = await rows<{ n: number }>(
      tx,
      sql`with gone as (delete from ${rel} where ${col} < ${before.toISOString()}::timestamptz${keep}
          returning 1)
        select count(*)::int as n from gone`,
    );
    return gone[0]?.n ?? 0;
  });
}

async function maintainTable(db: Db, spec: PartitionedTable, now: Date): Promise<TableReport> {
  const report: TableReport = { created: [], dropped: [], kept: [], defaultRowsDeleted: 0 };
  for (let offset = 0; offset <= MONTHS_AHEAD; offset++) {
    const month = monthStart(now, offset).toISOString().slice(0, 10);
    const [made] = await withLockTimeout(db, (tx) =>
      rows<{ made: boolean }>(
        tx,
        sql`select svc_ensure_month_partition(${spec.table}, ${spec.column}, ${month}::date) as made`,
      ),
    );
    if (made?.made) report.created.push(`${spec.table}_p${month.slice(0, 7).replace("-", "_")}`);
  }
  const cutoff = spec.keepAfter(now);
  report.defaultRowsDeleted = await removeRows(db, spec, `${spec.table}_default`, cutoff);
  for (const { name, month } of await listPartitions(db, spec.table)) {
    const end = monthStart(month, 1);
    if (end > cutoff) continue;
    const held = spec.keepWhere
      ? await rows(db, sql`select 1 from ${sql.identifier(name)} where ${spec.keepWhere} limit 1`)
      : [];
    if (held.length > 0) {
      await removeRows(db, spec, name, end);
      report.kept.push(name);
      continue;
    }
    await withLockTimeout(db, async (tx) => {
      await spec.beforeRemove?.(tx, { relation: name, before: end });
      await tx.execute(sql`drop table if exists ${sql.identifier(name)}`);
    });
    report.dropped.push(name);
  }
  return report;
}

/**
 * One pass over every partitioned table: months ahead created, months past retention dropped.
 * `now` is the caller's clock (the job passes Date.now(), which tests move). Each table runs on its
 * own: one failing is logged and the others go on.
 */
export async function maintainPartitions(
  db: Db,
  now: Date = new Date(),
): Promise<Record<string, TableReport | "failed">> {
  const report: Record<string, TableReport | "failed"> = {};
  for (const spec of tables.values()) {
    try {
      report[spec.table] = await maintainTable(db, spec, now);
    } catch (err) {
      report[spec.table] = "failed";
      log.error({ err, table: spec.table }, "partition maintenance failed");
    }
  }
  return report;
}

export function registerPartitionMaintenance(): void {
  registerJobHandler(
    PARTITIONS_KIND,
    async ({ db }) => {
      const report = await maintainPartitions(db, new Date());
      log.info({ report }, "partition maintenance done");
      return { repeatAt: new Date(Date.now() + PARTITIONS_INTERVAL_MS) };
    },
    { maxConcurrency: 1, leaseSeconds: 300 },
  );
}

/** Like housekeeping: every worker start makes sure the recurring job exists (one copy, by dedupe key). */
export async function ensurePartitionMaintenanceScheduled(db: Db): Promise<EnqueuedJob> {
  return enqueueJob(db, { kind: PARTITIONS_KIND, dedupeKey: PARTITIONS_KIND, maxAttempts: 3 });
}
