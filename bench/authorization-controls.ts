/**
 * The sandbox authorization path (server/issuer/card-network/authorize.ts, the function
 * POST /api/v1/sandbox/card-network/authorize runs) without and with spending controls
 * (docs/spending-controls.md, docs/performance.md "Authorization with spending controls"), in one run:
 *
 *   1. no controls at all;
 *   2. every card with 3 limits (per authorization, daily, weekly) and 2 lists (blocked categories,
 *      allowed countries), every customer with 2 limits (monthly amount, daily count), and 10 active
 *      rules, 2 of them velocity rules; none declines the bench's purchases, so every check runs.
 *
 * For each: round trips, CPU and WAL records per authorization (the bench's and Postgres's CPU seconds,
 * which do not depend on how busy the machine is, and the rows, index entries and locks written:
 * bench/authorization-cost.ts) one at a time and with
 * CONCURRENCY in flight for SECONDS (its throughput; the two take turns in 4 rounds), then one
 * open-loop run per rate in --rate (latency from each one's scheduled start, so a stall counts
 * against every authorization that waited for it): p50, p99, max. "idle 2-core /s" is 2 CPU-seconds over the CPU of one
 * authorization (app + Postgres): what a 2-core machine doing nothing else would sustain.
 *
 *   DATABASE_URL=postgres://.../scratch ENCRYPTION_KEY=... AUTH_SECRET=... \
 *     npx tsx bench/authorization-controls.ts [--cards 200 --seconds 10 --rate 25,50,500 --show-sql]
 *
 * Goal (issue 26): throughput with controls >= 0.7 x without; p99 < 25 ms at 500/s.
 */
import "./app-flags-first";
import "./env-first";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { boot } from "@/server/boot";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { warmPool } from "@/server/db/warm";
import { APP_NODE_FLAGS } from "@/server/process/node-flags";
import { costMeter } from "./authorization-cost";
import { coldStart, type LoopResult, openLoop, warmUp } from "./authorization-loops";
import { authorizationProgram } from "./authorization-program";

const { values } = parseArgs({
  options: {
    cards: { type: "string", default: "200" },
    seconds: { type: "string", default: "10" },
    rate: { type: "string", default: "500" },
    concurrency: { type: "string", default: "8" },
    "show-sql": { type: "boolean", default: false },
  },
});
const CARDS = Number(values.cards);
const SECONDS = Number(values.seconds);
/** One open-loop run per rate (e.g. --rate 25,50,100): the p99 at each, to find the highest sustained. */
const RATES = values.rate
  .split(",")
  .map(Number)
  .filter((r) => r > 0);
const CONCURRENCY = Number(values.concurrency);

boot();
const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ kind: "postgres", url, poolMax: 16 })
  : await openDatabase({ kind: "memory" });
await migrateDatabase(database);
await warmPool(database); // as server/main.ts does
const db = database.db;
const { measured, showStatements } = costMeter(database.pool);

async function sequential(authorizeOne: () => Promise<void>) {
  const n = 400;
  return measured(
    () => n,
    async () => {
      for (let i = 0; i < n; i++) await authorizeOne();
    },
  );
}

async function throughput(authorizeOne: () => Promise<void>, seconds: number) {
  let done = 0;
  return measured(
    () => done,
    async () => {
      const end = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < end) {
            await authorizeOne();
            done++;
          }
        }),
      );
    },
  );
}

type Latency = LoopResult & { rate: number };

const results = [];
for (const [label, withControls] of [
  ["no controls", false],
  ["card 3 limits + 2 lists, customer 2 limits, 10 active rules (2 velocity)", true],
] as const) {
  const authorizeOne = await authorizationProgram(db, CARDS, withControls);
  // Every session of the pool warm (bench/authorization-loops.ts, warmUp): the code, plans, buffers.
  const cold = await warmUp(authorizeOne, 16);
  console.log(`${label}: warm-up on new sessions, 16 in flight: ${coldStart(cold)}`);
  if (values["show-sql"]) {
    const shown = await showStatements(authorizeOne);
    console.log(
      `\n${label}: ${shown.length} statements\n${shown.map((q, i) => `${i + 1}. ${q}`).join("\n")}`,
    );
  }
  const one = await sequential(authorizeOne);
  results.push({
    label,
    authorizeOne,
    one,
    flat: { perSecond: 0, appCpuMs: 0, pgCpuMs: 0, walRecords: 0 },
    latencies: [] as Latency[],
  });
}
// The two take turns (ROUNDS rounds of SECONDS / ROUNDS each), so a change in the machine's load
// between them weighs on both alike.
const ROUNDS = 4;
const totals = results.map(() => ({ n: 0, app: 0, pg: 0, wal: 0 }));
for (let round = 0; round < ROUNDS; round++)
  for (const [i, r] of results.entries()) {
    const t = await throughput(r.authorizeOne, SECONDS / ROUNDS);
    totals[i]!.n += t.n;
    totals[i]!.app += t.appCpuMs * t.n;
    totals[i]!.pg += t.pgCpuMs * t.n;
    totals[i]!.wal += t.walRecords * t.n;
  }
for (const [i, r] of results.entries())
  r.flat = {
    perSecond: totals[i]!.n / SECONDS,
    appCpuMs: totals[i]!.app / totals[i]!.n,
    pgCpuMs: totals[i]!.pg / totals[i]!.n,
    walRecords: totals[i]!.wal / totals[i]!.n,
  };
for (const rate of RATES)
  for (const r of results) r.latencies.push({ rate, ...(await openLoop(r.authorizeOne, rate, SECONDS)) });
const ms = (v: number) => (Number.isNaN(v) ? "-" : v.toFixed(2));
console.log(
  `\n${database.kind === "postgres" ? `Postgres ${database.location}` : "PGlite in memory"}, ${CARDS} cards, ` +
    `${new Date().toISOString()}, load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}, ` +
    `Node ${process.version} ${APP_NODE_FLAGS.join(" ")}`,
);
console.log(
  `| authorizations | round trips | app CPU ms | Postgres CPU ms | idle 2-core /s | ` +
    `throughput/s (${CONCURRENCY} in flight) | WAL records |`,
);
console.log("|---|---|---|---|---|---|---|");
for (const r of results) {
  // CPU per authorization from the concurrent run (the sequential one pays per-statement wakeups);
  // an idle 2-core machine running app and Postgres would sustain 2 CPU-seconds / (app + Postgres).
  const cpu = r.flat.appCpuMs + r.flat.pgCpuMs;
  console.log(
    `| ${r.label} | ${r.one.roundTrips.toFixed(1)} | ${ms(r.flat.appCpuMs)} | ${ms(r.flat.pgCpuMs)} | ` +
      `${Number.isNaN(cpu) ? "-" : (2000 / cpu).toFixed(0)} | ${r.flat.perSecond.toFixed(0)} | ` +
      `${Number.isNaN(r.flat.walRecords) ? "-" : r.flat.walRecords.toFixed(1)} |`,
  );
}
for (const r of results)
  for (const l of r.latencies)
    console.log(
      `open loop ${l.rate}/s, ${r.label.split(",")[0]}: p50 ${ms(l.p50)} ms, p99 ${ms(l.p99)} ms, max ${ms(l.max)} ms ` +
        `(started late by the loop itself: p99 ${ms(l.lateP99)} ms); ${l.slow}`,
    );
console.log(
  `sequential (one at a time): ${results.map((r) => `${r.label.split(",")[0]}: ${ms(r.one.wallMs)} ms wall, ` + `${ms(r.one.appCpuMs)} app + ${ms(r.one.pgCpuMs)} Postgres CPU ms`).join("; ")}`,
);
console.log(
  `with / without: throughput ${(results[1]!.flat.perSecond / results[0]!.flat.perSecond).toFixed(2)}, ` +
    `CPU per authorization ${((results[0]!.flat.appCpuMs + results[0]!.flat.pgCpuMs) / (results[1]!.flat.appCpuMs + results[1]!.flat.pgCpuMs)).toFixed(2)}`,
);
await database.close();
