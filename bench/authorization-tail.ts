/**
 * Where the time of the slow authorizations goes (issue 26: at 300/s the path's p50 was 2 ms, its
 * p99 86 ms). One open loop at RATE over the program of bench/authorization-controls.ts, every
 * authorization traced:
 *
 *   - how late the loop started it (the load generator's own event-loop delay);
 *   - its wait for a pool connection;
 *   - each round trip (begin, card read, counters' lock, balance hold, the writes, commit), timed from
 *     the query's call to its answer in the app;
 *   - the rest: the app's own CPU and the event loop's queue between round trips;
 *
 * averaged over the slowest 1% and over all. Beside them: GC pauses (PerformanceObserver 'gc'), the
 * event loop's delay (monitorEventLoopDelay), the machine's steal and iowait (/proc/stat), and what the
 * database's backends were doing (pg_stat_activity sampled every 5 ms from a connection of its own:
 * running, waiting for the app, waiting for a row lock and on which table, waiting for the WAL flush),
 * and the stalls' timeline (./stall-timeline.ts): the bins where the slow ones fall, with the app's CPU,
 * the machine's busy share and the GC pauses in each.
 *
 *   DATABASE_URL=postgres://.../scratch npx tsx bench/authorization-tail.ts \
 *     [--cards 100 --seconds 8 --rate 300 --controls --programs 1 --pool 16 --cold]
 *
 * --cold starts the loop on the pool's sessions as they are after one-at-a-time set-up (cold).
 * --programs N spreads the rate over N organizations (their counters are separate rows); --cpu-prof FILE
 * writes a V8 CPU profile of the loop alone (npx tsx bench/cpu-profile-summary.ts FILE).
 */
import "./app-flags-first";
import "./env-first";
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { boot } from "@/server/boot";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { warmPool } from "@/server/db/warm";
import { coldStart, openLoop, warmUp } from "./authorization-loops";
import { authorizationProgram } from "./authorization-program";
import { type GcPause, machineTicks, stallTimeline } from "./stall-timeline";

const { values } = parseArgs({
  options: {
    cards: { type: "string", default: "100" },
    seconds: { type: "string", default: "8" },
    rate: { type: "string", default: "300" },
    controls: { type: "boolean", default: false },
    programs: { type: "string", default: "1" },
    pool: { type: "string", default: "16" },
    cold: { type: "boolean", default: false },
    /** A V8 CPU profile of the loop alone (node:inspector), for bench/cpu-profile-summary.ts. */
    "cpu-prof": { type: "string" },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const PROGRAMS = Number(values.programs);
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL: this bench reads Postgres' own view of its backends");

interface Trace {
  connectMs: number;
  trips: { label: string; ms: number }[];
}
const als = new AsyncLocalStorage<Trace>();

function labelOf(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (/^begin; execute/i.test(t)) return "begin + card read";
  if (/^execute .*; commit$/i.test(t)) return "writes + commit";
  if (/^begin/i.test(t)) return "begin";
  if (/^commit/i.test(t)) return "commit";
  if (/^rollback/i.test(t)) return "rollback";
  if (/select 1$/.test(t)) return "writes";
  if (/from "cards"/.test(t)) return "card read";
  if (/insert into spend_counters as s .*returning/.test(t) || /from spend_counters/.test(t))
    return "counters lock";
  if (/customer_balances/.test(t)) return "balance hold";
  return t.slice(0, 30);
}

const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const trace = als.getStore();
  if (!trace) return query.apply(this, args);
  const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string })?.text ?? "?");
  const t0 = performance.now();
  const label = labelOf(text);
  const done = () => trace.trips.push({ label, ms: performance.now() - t0 });
  const last = args.length - 1;
  if (typeof args[last] === "function") {
    // pool.query's own form (outside a transaction): a callback.
    const callback = args[last] as (...a: unknown[]) => unknown;
    args[last] = (...a: unknown[]) => {
      done();
      return callback(...a);
    };
  }
  const result = query.apply(this, args);
  if (result instanceof Promise) void result.then(done, done);
  return result;
} as typeof pg.Client.prototype.query;

boot();
const database = await openDatabase({ kind: "postgres", url, poolMax: Number(values.pool) });
await migrateDatabase(database);
if (!values.cold) await warmPool(database); // as server/main.ts does
const pool = database.pool!;
const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
(pool as { connect: unknown }).connect = (...args: unknown[]) => {
  const trace = als.getStore();
  const t0 = performance.now();
  const waited = () => {
    if (trace) trace.connectMs += performance.now() - t0;
  };
  if (typeof args[0] === "function") {
    // pool.query's form.
    const callback = args[0] as (...a: unknown[]) => unknown;
    return connect((...a: unknown[]) => {
      waited();
      return callback(...a);
    });
  }
  return (connect() as Promise<pg.PoolClient>).then((c) => {
    waited();
    return c;
  });
};

const programs: (() => Promise<void>)[] = [];
for (let p = 0; p < PROGRAMS; p++)
  programs.push(await authorizationProgram(database.db, Number(values.cards), values.controls));
if (values.cold) for (let i = 0; i < 300; i++) await programs[i % PROGRAMS]!();
else {
  // Every session warm first (bench/authorization-loops.ts, warmUp); --cold keeps the one-at-a-time
  // warm-up of before, which leaves all sessions but one cold for the loop to meet.
  let w = 0;
  const cold = await warmUp(() => programs[w++ % PROGRAMS]!(), Number(values.pool));
  console.log(`warm-up on new sessions, ${values.pool} in flight: ${coldStart(cold)}`);
}

// GC pauses and the event loop's delay during the loop.
const gcs: GcPause[] = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    gcs.push({
      start: e.startTime,
      ms: e.duration,
      kind: (e as { detail?: { kind?: number } }).detail?.kind ?? 0,
    });
});
gcObserver.observe({ entryTypes: ["gc"] });
const loopDelay = monitorEventLoopDelay({ resolution: 1 });

// What the backends do, from a connection of their own.
const watcher = new pg.Client({ connectionString: url });
await watcher.connect();
const waits = new Map<string, number>();
const timeline = stallTimeline();
let samples = 0;
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    const { rows } = await watcher.query<{ what: string; segment: string }>(
      `select (pg_current_wal_insert_lsn() - '0/0'::pg_lsn) / (16 * 1024 * 1024) as segment, case when a.state = 'idle in transaction' then 'idle in transaction (waiting for the app)'
          when a.wait_event is null then 'running'
          else a.wait_event_type || ':' || a.wait_event ||
            coalesce(' on ' || (select string_agg(distinct l.relation::regclass::text, ',') from pg_locks l
              where l.pid = a.pid and l.relation is not null
                and (not l.granted or (a.wait_event = 'transactionid' and l.locktype = 'tuple'))), '') end as what
        from pg_stat_activity a
        where a.datname = current_database() and a.pid <> pg_backend_pid() and a.state <> 'idle'`,
    );
    samples++;
    for (const { what } of rows) waits.set(what, (waits.get(what) ?? 0) + 1);
    timeline.sample(
      rows.map((r) => r.what),
      rows[0] ? Math.floor(Number(rows[0].segment)) : null, // no backend busy, no row
    );
    await new Promise((r) => setTimeout(r, 5));
  }
})();

const traces: { trace: Trace; fromScheduled: number; own: number; startedAt: number }[] = [];
let n = 0;
const cpu0 = machineTicks();
const profiler = values["cpu-prof"] ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post("Profiler.enable");
  await profiler.post("Profiler.start");
}
loopDelay.enable();
const result = await openLoop(
  () => {
    const trace: Trace = { connectMs: 0, trips: [] };
    traces.push({ trace, fromScheduled: 0, own: 0, startedAt: performance.now() });
    return als.run(trace, () => programs[n++ % PROGRAMS]!());
  },
  RATE,
  SECONDS,
  (i, fromScheduled, own) => Object.assign(traces[i]!, { fromScheduled, own }),
);
loopDelay.disable();
const cpu1 = machineTicks();
if (profiler) {
  const { profile } = await profiler.post("Profiler.stop");
  writeFileSync(values["cpu-prof"]!, JSON.stringify(profile));
  profiler.disconnect();
}
sampling = false;
await sampler;
await watcher.end();
gcObserver.disconnect();

const ms = (v: number) => v.toFixed(2);
console.log(
  `\nPostgres ${database.location}, ${values.controls ? "with" : "without"} controls, ${PROGRAMS} program(s), ` +
    `${RATE}/s for ${SECONDS} s, pool ${values.pool}, ${new Date().toISOString()}, load average ` +
    readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
);
console.log(
  `open loop: ${result.total} at ${result.perSecond.toFixed(0)}/s, p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, ` +
    `max ${ms(result.max)} ms; from its own start p50 ${ms(result.ownP50)}, p99 ${ms(result.ownP99)}; ` +
    `started late by the loop: p99 ${ms(result.lateP99)}, max ${ms(result.lateMax)}`,
);

/** Mean ms per part over a set of authorizations. */
function breakdown(set: typeof traces) {
  const parts = new Map<string, number>();
  const add = (k: string, v: number) => parts.set(k, (parts.get(k) ?? 0) + v / set.length);
  for (const t of set) {
    add("started late", t.fromScheduled - t.own);
    add("pool wait", t.trace.connectMs);
    let trips = 0;
    for (const trip of t.trace.trips) {
      add(trip.label, trip.ms);
      trips += trip.ms;
    }
    add("app between round trips", t.own - t.trace.connectMs - trips);
  }
  const total = set.reduce((a, t) => a + t.fromScheduled, 0) / set.length;
  return `${ms(total)} ms = ${[...parts].map(([k, v]) => `${k} ${ms(v)}`).join(", ")}`;
}
const sorted = [...traces].sort((a, b) => b.fromScheduled - a.fromScheduled);
console.log(
  `slowest 1% (${Math.ceil(sorted.length / 100)}): ${breakdown(sorted.slice(0, Math.ceil(sorted.length / 100)))}`,
);
console.log(`all: ${breakdown(traces)}`);
const gcTotal = gcs.reduce((a, g) => a + g.ms, 0);
const gcMax = gcs.reduce((a, g) => Math.max(a, g.ms), 0);
console.log(
  `GC: ${gcs.length} pauses, ${ms(gcTotal)} ms in all (${ms((gcTotal / (SECONDS * 1000)) * 100)}% of the run), longest ${ms(gcMax)} ms; ` +
    `event loop delay p50 ${ms(loopDelay.percentile(50) / 1e6)}, p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)} ms`,
);
const ticks = cpu1.total - cpu0.total;
console.log(
  `machine: steal ${ms(((cpu1.steal - cpu0.steal) / ticks) * 100)}%, iowait ${ms(((cpu1.iowait - cpu0.iowait) / ticks) * 100)}% of CPU time`,
);
console.log(`backends not idle, mean per sample (${samples} samples every 5 ms):`);
for (const [what, c] of [...waits].sort((a, b) => b[1] - a[1]))
  console.log(`  ${(c / samples).toFixed(3)}  ${what}`);
for (const line of timeline.report(traces, gcs)) console.log(line);
await database.close();
