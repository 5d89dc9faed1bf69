/**
 * The authorization endpoint in the authorization path (docs/authorization-endpoint.md, issue 27),
 * in-process on Postgres, open loop at RATE authorizations/s for SECONDS (latency from each one's
 * scheduled start, so a stall counts against everything that waited for it):
 *
 *   1. baseline: a program without an endpoint;
 *   2. a program whose endpoint is a local receiver answering after RECEIVER_MS (1 ms);
 *   3. a program whose endpoint never answers (timeout_ms TIMEOUT), at the same time as a second
 *      run of the baseline program: every hanging authorization must resolve by the stand-in within
 *      timeout_ms + 50 ms of its start, and the baseline program's throughput must stay >= 0.9 of run 1.
 *
 * Before them (part "cpu"): CPU per authorization without an endpoint and with the 1 ms receiver (this
 * process plus its Postgres backends; the receivers run in child processes, bench/endpoint-receiver.mjs,
 * so their CPU is not counted), which does not depend on the machine's load. After them (part "closed"):
 * the same three with 4 in flight per program.
 *
 *   DATABASE_URL=postgres://.../scratch ENCRYPTION_KEY=... AUTH_SECRET=... npx tsx bench/authorization-endpoint.ts \
 *     [--parts cpu,open,closed]
 *
 * Goals (issue 27): run 2's p99 <= RECEIVER_MS + 15 ms at 300/s; run 3 as above.
 */
import "./app-flags-first";
import "./env-first";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { setEnvForTests } from "@/lib/env";
import { boot } from "@/server/boot";
import type { CardRow } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { warmPool } from "@/server/db/warm";
import { putAuthorizationEndpoint } from "@/server/issuer/authorization-endpoint/settings";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { APP_NODE_FLAGS } from "@/server/process/node-flags";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { createTestOrg } from "@/server/testing/fixtures";
import { costMeter } from "./authorization-cost";
import { closedLoop, coldStart, type LoopResult, openLoop, warmUp } from "./authorization-loops";
import { receiver } from "./endpoint-loops";

const { values } = parseArgs({
  options: {
    cards: { type: "string", default: "50" },
    seconds: { type: "string", default: "10" },
    rate: { type: "string", default: "300" },
    "hang-rate": { type: "string", default: "50" },
    timeout: { type: "string", default: "500" },
    "receiver-ms": { type: "string", default: "1" },
    /** Which parts: cpu (CPU per authorization), open (open loop), closed (closed loop). */
    parts: { type: "string", default: "cpu,open,closed" },
  },
});
const CARDS = Number(values.cards);
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
const HANG_RATE = Number(values["hang-rate"]);
const TIMEOUT = Number(values.timeout);
const RECEIVER_MS = Number(values["receiver-ms"]);
const PARTS = new Set(values.parts.split(","));

setEnvForTests({ SVC_MODE: "sandbox", WEBHOOK_ALLOW_LOCALHOST: "1" });
boot();
const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ kind: "postgres", url, poolMax: 16 })
  : await openDatabase({ kind: "memory" });
await migrateDatabase(database);
await warmPool(database); // as server/main.ts does
const db = database.db;
const { measured } = costMeter(database.pool);

async function program(endpointUrl: string | null) {
  const org = await createTestOrg(db);
  const ctx = keyCtx(db, org.orgId);
  const cards: CardRow[] = [];
  for (let i = 0; i < CARDS; i++)
    cards.push((await spendingCustomer(db, org.orgId, { fundMinor: 1_000_000_000 })).card);
  if (endpointUrl) {
    const admin: Ctx = {
      db,
      orgId: org.orgId,
      actor: { type: "apiKey", keyId: "key_bench", scopes: ["webhooks"] },
    };
    await putAuthorizationEndpoint({
      ctx: admin,
      input: { url: endpointUrl, enabled: true, timeout_ms: TIMEOUT },
    });
  }
  let n = 0;
  return async () => {
    const card = cards[n++ % cards.length]!;
    return authorizeCardTransaction({
      ctx,
      input: {
        card_id: card.cardToken,
        amount: 1_000 + (n % 500),
        currency: "EUR",
        merchant: "Bench",
        type: "purchase",
      },
    });
  };
}

const baseline = await program(null);
const fast = await program(await receiver(RECEIVER_MS));
const hanging = await program(await receiver(null));
const cold = [await warmUp(baseline, 16), await warmUp(fast, 16)];
const ms = (v: number) => v.toFixed(1);
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
/** `slow`: where the slow ones fall (not for the hanging endpoint, whose every authorization waits its timeout). */
const show = (label: string, r: LoopResult, slow = true) =>
  console.log(
    `${label}: ${r.total} in ${(r.total / r.perSecond).toFixed(1)} s (${r.perSecond.toFixed(0)}/s), p50 ${ms(r.p50)} ms, ` +
      `p99 ${ms(r.p99)} ms, max ${ms(r.max)} ms, ${[...r.statuses].map(([s, c]) => `${s} ${c}`).join(", ")}` +
      (slow && r.slow ? `\n   ${r.slow}` : ""),
  );
console.log(
  `\n${database.kind === "postgres" ? `Postgres ${database.location}` : "PGlite in memory"}, ${CARDS} cards per program, ` +
    `${new Date().toISOString()}, load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}, ` +
    `Node ${process.version} ${APP_NODE_FLAGS.join(" ")}`,
);
console.log(
  `warm-up, 16 in flight for 1 s on new sessions (not counted below): no endpoint ${coldStart(cold[0]!)}; ` +
    `${RECEIVER_MS} ms receiver ${coldStart(cold[1]!)}`,
);
if (PARTS.has("cpu")) {
  // CPU per authorization (this process, the receivers apart, plus its Postgres backends), which does
  // not depend on the load: 4 in flight, the two taking turns in 4 rounds so a change of load weighs on both.
  const totals = [0, 1].map(() => ({ n: 0, app: 0, pg: 0, trips: 0 }));
  for (let round = 0; round < 4; round++)
    for (const [i, one] of [baseline, fast].entries()) {
      let n = 0;
      const m = await measured(
        () => n,
        async () => {
          n = (await closedLoop(one, 4, SECONDS / 4)).total;
        },
      );
      totals[i]!.n += m.n;
      totals[i]!.app += m.appCpuMs * m.n;
      totals[i]!.pg += m.pgCpuMs * m.n;
      totals[i]!.trips += m.roundTrips * m.n;
    }
  const [b, f] = totals.map((t) => ({ app: t.app / t.n, pg: t.pg / t.n, n: t.n, trips: t.trips / t.n }));
  const cpu = (x: { app: number; pg: number; trips: number }) =>
    `${x.app.toFixed(2)} app + ${x.pg.toFixed(2)} Postgres (${x.trips.toFixed(1)} round trips)`;
  console.log(
    `CPU ms per authorization, 4 in flight: no endpoint ${cpu(b!)}; ${RECEIVER_MS} ms receiver ${cpu(f!)}; ` +
      `the call adds ${(f!.app - b!.app).toFixed(2)} app + ${(f!.pg - b!.pg).toFixed(2)} Postgres ` +
      `(${b!.n} and ${f!.n} authorizations; idle 2-core /s ${(2000 / (b!.app + b!.pg)).toFixed(0)} and ${(2000 / (f!.app + f!.pg)).toFixed(0)})`,
  );
}
if (PARTS.has("open")) {
  const base = await openLoop(baseline, RATE, SECONDS);
  show(`1. no endpoint, ${RATE}/s`, base);
  const withEndpoint = await openLoop(fast, RATE, SECONDS);
  show(`2. endpoint answering in ${RECEIVER_MS} ms, ${RATE}/s`, withEndpoint);
  console.log(
    `   p99 added by the endpoint: ${ms(withEndpoint.p99 - base.p99)} ms (goal <= ${RECEIVER_MS} + 15)`,
  );
  // The issue's goal is the whole authorization's p99 within the receiver's time + 15 ms, at the rate asked.
  const reached = withEndpoint.perSecond >= 0.95 * RATE;
  console.log(
    `${verdict(reached && withEndpoint.p99 <= RECEIVER_MS + 15)} p99 of the whole authorization with a ${RECEIVER_MS} ms receiver ` +
      `at ${RATE}/s: ${ms(withEndpoint.p99)} ms (goal <= ${RECEIVER_MS + 15} ms; rate reached ${withEndpoint.perSecond.toFixed(0)}/s)`,
  );
  const [beside, hung] = await Promise.all([
    openLoop(baseline, RATE, SECONDS),
    openLoop(hanging, HANG_RATE, SECONDS),
  ]);
  show(`3a. no endpoint, ${RATE}/s, beside a hanging endpoint`, beside);
  show(`3b. endpoint never answering (timeout ${TIMEOUT} ms), ${HANG_RATE}/s`, hung, false);
  console.log(
    `   hanging: max ${ms(hung.max)} ms (goal <= ${TIMEOUT + 50}); other program's throughput ` +
      `${(beside.perSecond / base.perSecond).toFixed(2)} of run 1, p99 ${ms(beside.p99)} against ${ms(base.p99)} ms`,
  );
  const allStoodIn = (hung.statuses.get("authorized") ?? 0) === 0;
  console.log(
    `${verdict(hung.ownMax <= TIMEOUT + 50 && allStoodIn)} every hanging authorization resolved by the stand-in within ` +
      `timeout_ms + 50 = ${TIMEOUT + 50} ms of its start: max ${ms(hung.ownMax)} ms, p99 ${ms(hung.ownP99)} ms ` +
      `(from its scheduled start: max ${ms(hung.max)} ms)`,
  );
  console.log(
    `${verdict(beside.perSecond / base.perSecond >= 0.9)} other program's throughput beside the hanging one >= 0.9 ` +
      `of without: ${(beside.perSecond / base.perSecond).toFixed(2)}`,
  );
}
if (PARTS.has("closed")) {
  // Closed loop (what an overloaded machine can still say): 4 in flight per program.
  const closedBase = await closedLoop(baseline, 4, SECONDS);
  show("C1. no endpoint, 4 in flight", closedBase);
  const closedFast = await closedLoop(fast, 4, SECONDS);
  show(`C2. endpoint answering in ${RECEIVER_MS} ms, 4 in flight`, closedFast);
  console.log(
    `   p50 added: ${ms(closedFast.p50 - closedBase.p50)} ms, p99 added: ${ms(closedFast.p99 - closedBase.p99)} ms`,
  );
  const [closedBeside, closedHung] = await Promise.all([
    closedLoop(baseline, 4, SECONDS),
    closedLoop(hanging, 4, SECONDS),
  ]);
  show("C3a. no endpoint, 4 in flight, beside a hanging endpoint", closedBeside);
  show(`C3b. endpoint never answering (timeout ${TIMEOUT} ms), 4 in flight`, closedHung);
  console.log(
    `   hanging: p99 ${ms(closedHung.p99)} ms, max ${ms(closedHung.max)} ms (goal <= ${TIMEOUT + 50}); other program's ` +
      `throughput ${(closedBeside.perSecond / closedBase.perSecond).toFixed(2)} of C1`,
  );
  console.log(
    `${verdict(closedHung.max <= TIMEOUT + 50 && (closedHung.statuses.get("authorized") ?? 0) === 0)} closed loop: ` +
      `every hanging authorization resolved by the stand-in within ${TIMEOUT + 50} ms: max ${ms(closedHung.max)} ms`,
  );
  console.log(
    `${verdict(closedBeside.perSecond / closedBase.perSecond >= 0.9)} closed loop: other program's throughput beside ` +
      `the hanging one >= 0.9 of without: ${(closedBeside.perSecond / closedBase.perSecond).toFixed(2)}`,
  );
}
await database.close();
process.exit(0);
