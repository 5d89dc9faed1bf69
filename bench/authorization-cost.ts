import pg from "pg";
import { processCpuMs } from "./process-cpu";

/**
 * What each authorization costs (bench/authorization-controls.ts), independent of how busy the
 * machine is: round trips (every query a pool client sends, begin and commit included), the
 * bench process's CPU (process.cpuUsage) and the CPU of the database's Postgres backends
 * (/proc/<pid>/stat of the pids pg_stat_activity lists for the database; 0 for PGlite), and the WAL
 * records Postgres wrote (pg_stat_wal, the whole server's: the bench is its only writer), which count
 * the rows, index entries and row locks an authorization writes however noisy the machine is.
 */
export function costMeter(pool: pg.Pool | undefined) {
  let roundTrips = 0;
  let shown: string[] | null = null;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    roundTrips++;
    if (shown) {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string })?.text;
      shown.push((text ?? "?").replace(/\s+/g, " ").trim().slice(0, 160));
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;

  async function postgresReading(): Promise<{ pids: number[]; ms: number; walRecords: number }> {
    if (!pool) return { pids: [], ms: 0, walRecords: Number.NaN };
    const { rows } = await pool.query<{ pid: number; wal_records: string }>(
      "select pid, (select wal_records from pg_stat_wal) from pg_stat_activity where datname = current_database()",
    );
    let ms = 0;
    for (const { pid } of rows) {
      const cpu = await processCpuMs(pid);
      ms += cpu.user + cpu.system;
    }
    return { pids: rows.map((r) => r.pid), ms, walRecords: Number(rows[0]?.wal_records ?? Number.NaN) };
  }

  /** Runs `work` between two readings of Postgres; per authorization (`count()` of them): wall ms, round trips, app and Postgres CPU ms, WAL records. */
  async function measured(count: () => number, work: () => Promise<void>) {
    const pgBefore = await postgresReading();
    const trips = roundTrips;
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    await work();
    const wall = performance.now() - t0;
    const app = process.cpuUsage(cpu);
    const pgAfter = await postgresReading();
    const n = count();
    // A backend that ended in between took its CPU with it: no figure rather than a low one.
    const pidsKept = pgBefore.pids.every((p) => pgAfter.pids.includes(p));
    return {
      n,
      wallMs: wall / n,
      roundTrips: (roundTrips - trips - 1) / n, // less the pid read after
      appCpuMs: (app.user + app.system) / 1000 / n,
      pgCpuMs: pidsKept ? (pgAfter.ms - pgBefore.ms) / n : Number.NaN,
      walRecords: (pgAfter.walRecords - pgBefore.walRecords) / n,
    };
  }

  /** The statements one call of `work` sends, shortened. */
  async function showStatements(work: () => Promise<void>): Promise<string[]> {
    shown = [];
    await work();
    const out = shown;
    shown = null;
    return out;
  }

  return { measured, showStatements };
}
