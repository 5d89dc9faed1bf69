/**
 * Faults under load (docs/operations.md, "Chaos run"): the real cluster (3 app instances, 2 workers,
 * HAProxy) on a throwaway Postgres server, a mixed load of funding calls, sandbox card
 * authorizations and settlements, and on some settled purchases a race of refunds, disputes filed
 * and disputes decided won (each with an Idempotency-Key) with webhook deliveries to local
 * receivers, while a random app instance and a random worker are SIGKILLed and restarted every few
 * seconds and Postgres itself is crashed and restarted once. Then it drains and prints the
 * invariants; exit 1 when any is not 0.
 *
 *   npx tsx bench/chaos.ts [--seconds 60] [--kill-every 4] [--connections 8]
 *   npx tsx bench/chaos.ts --seconds 20 --pgbouncer   # the CI variant (.ci/run), through PgBouncer
 * Ports: Postgres 8182, balancer 8185, stats 8186, receivers 8183-8184, apps 3291-3293, PgBouncer 8187.
 */
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { setEnvForTests } from "@/lib/env";
import { createApiKey } from "@/server/apikeys/manage";
import { totpCode } from "@/server/auth/totp";
import { boot } from "@/server/boot";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createTestCard } from "@/server/testing/card-customers";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { fundableCustomer } from "@/server/testing/funding";
import { createWebhook } from "@/server/webhooks/manage";
import { createCluster, type Member } from "../scripts/cluster/cluster";
import { backlog, checkInvariants, type ClientTally, noTally } from "./chaos/checks";
import { runLoad } from "./chaos/load";
import { PrivatePostgres } from "./chaos/postgres";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    "kill-every": { type: "string", default: "4" },
    connections: { type: "string", default: "8" },
    /** The instances reach Postgres through PgBouncer in transaction mode (port 8187). */
    pgbouncer: { type: "boolean", default: false },
  },
});
const SECONDS = Number(values.seconds);
const KILL_EVERY_MS = Number(values["kill-every"]) * 1000;
const PG_RESTART_GRACE_MS = 5_000;

const pg = new PrivatePostgres(8182);
const receivers: http.Server[] = [];
let received = 0;
let cluster: ReturnType<typeof createCluster> | undefined;
const started = Date.now();
const say = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);

async function main(): Promise<number> {
  pg.init();
  setEnvForTests({
    DATABASE_URL: pg.url,
    SVC_MODE: "sandbox",
    ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
    AUTH_SECRET: "chaos-auth-secret-chaos-auth-secret-0123",
    WEBHOOK_ALLOW_LOCALHOST: "on",
  });
  // The set-up below calls use cases in this process (simulated providers): wire them first.
  boot();
  const database = await openDatabase({ kind: "postgres", url: pg.url, poolMax: 4 });
  await migrateDatabase(database);
  const db = database.db;

  for (const port of [8183, 8184]) {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received++;
        res.end("ok");
      });
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
    receivers.push(server);
  }

  const org = await createTestOrg(db);
  const admin = userCtx(db, org.orgId, { ...org.admin, role: "admin" }, { twoFactorEnabled: true });
  const key = await createApiKey({
    ctx: admin,
    input: {
      name: "chaos",
      permissions: ["read", "write", "transactions", "webhooks"],
      two_factor_token: totpCode(org.admin.totpSecret),
    },
  });
  for (const port of [8183, 8184])
    await createWebhook({ ctx: admin, input: { url: `http://127.0.0.1:${port}/hook`, events: ["*"] } });
  const customers: string[] = [];
  const cards: string[] = [];
  for (let i = 0; i < 40; i++) {
    const customer = await fundableCustomer(db, org.orgId, "GBP");
    customers.push(customer.svcCardId);
    cards.push((await createTestCard(db, customer)).id);
  }

  cluster = createCluster(
    {
      apps: 3,
      workers: 2,
      port: 8185,
      appPortBase: 3291,
      statsPort: 8186,
      databaseUrl: pg.url,
      pgbouncer: values.pgbouncer ? { port: 8187, poolSize: 10 } : undefined,
      dir: path.resolve(".data/chaos"),
      // Retries of deliveries cut off by a kill come back in seconds, not minutes.
      env: { LOG_LEVEL: "warn", WEBHOOK_ALLOW_LOCALHOST: "on", WEBHOOK_RETRY_SCHEDULE: "1,1,2,2,5,5" },
      say,
    },
    {
      ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
      AUTH_SECRET: "chaos-auth-secret-chaos-auth-secret-0123",
    },
  );
  await cluster.up();
  const headers = { "x-api-key": key.api_key, "x-api-secret": key.api_secret };
  const deposit = await fetch(`${cluster.url}/api/v1/sandbox/master-wallet/deposit`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ currency: "GBP", amount: 1_000_000 }),
  });
  if (!deposit.ok) throw new Error(`deposit failed: ${deposit.status} ${await deposit.text()}`);
  for (const svcCardId of customers) {
    const r = await fetch(`${cluster.url}/api/v1/card-issuer/fund-customer`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ customer_id: svcCardId, amount: 500, currency: "GBP" }),
    });
    if (!r.ok) throw new Error(`initial funding failed: ${r.status} ${await r.text()}`);
  }

  const tally: ClientTally = {
    succeeded: { ...noTally(), fund: customers.length },
    errors: 0,
    errorsDuringPgRestart: 0,
    errorStatuses: {},
    unknown: noTally(),
  };
  let pgWindow: [number, number] | undefined;
  const pgRestarting = () => Boolean(pgWindow && Date.now() >= pgWindow[0] && Date.now() <= pgWindow[1]);
  const until = Date.now() + SECONDS * 1000;
  const kills = { apps: 0, workers: 0 };
  const c = cluster;
  const restartLater = (m: Member) => setTimeout(() => c.start(m), 1_000);

  const chaos = (async () => {
    while (Date.now() + KILL_EVERY_MS < until) {
      await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
      // One app instance down at a time: the next dies once the balancer has every one in service
      // again (a restarted instance needs a few seconds to load), as in a rolling failure.
      // An instance that died on its own (e.g. started while Postgres was down) is started again.
      for (const m of [...c.apps, ...c.workers]) c.start(m);
      const inService = Date.now() + 30_000;
      while (Date.now() < inService) {
        const view = await c.balancerView().catch(() => ({}) as Record<string, string>);
        if (c.apps.every((a) => view[a.name] === "UP")) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const app = c.apps[Math.floor(Math.random() * c.apps.length)]!;
      const worker = c.workers[Math.floor(Math.random() * c.workers.length)]!;
      say(`SIGKILL ${app.name} and ${worker.name}`);
      c.kill(app);
      c.kill(worker);
      kills.apps++;
      kills.workers++;
      restartLater(app);
      restartLater(worker);
    }
  })();
  // Half-way through, whatever the kills are doing: Postgres crashes and comes back.
  const pgRestart = (async () => {
    await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
    pgWindow = [Date.now(), Number.POSITIVE_INFINITY];
    say("Postgres: crash (immediate stop) and restart");
    await pg.crashAndRestart(2_000);
    pgWindow = [pgWindow[0], Date.now() + PG_RESTART_GRACE_MS];
    say("Postgres is back");
  })();
  say(`load for ${SECONDS} s, ${values.connections} connections, a kill every ${KILL_EVERY_MS / 1000} s`);
  const requests = await runLoad(
    { url: c.url, headers, customers, cards, connections: Number(values.connections), until, pgRestarting },
    tally,
  );
  await Promise.all([chaos, pgRestart]);

  say("load over; every member back, draining the outbox and deliveries");
  for (const m of [...c.apps, ...c.workers]) c.start(m);
  const drainUntil = Date.now() + 90_000;
  let left = await backlog(db, org.orgId);
  while (left > 0 && Date.now() < drainUntil) {
    await new Promise((r) => setTimeout(r, 500));
    left = await backlog(db, org.orgId);
  }
  const invariants = await checkInvariants(db, org.orgId, tally);
  await database.close();

  console.log(
    `\nChaos run: ${SECONDS} s of load, ${requests} logical requests (${JSON.stringify(tally.succeeded)} ` +
      `succeeded),`,
  );
  console.log(
    `${kills.apps} app kills, ${kills.workers} worker kills, 1 Postgres restart; ` +
      `${received} webhook requests received; ` +
      `${tally.errorsDuringPgRestart} client errors during the Postgres restart (allowed); ` +
      `errors outside it by status: ${JSON.stringify(tally.errorStatuses)}; ` +
      `outcome unknown (409 IDEMPOTENCY_KEY_IN_USE, key held by a killed attempt): ` +
      `${JSON.stringify(tally.unknown)}`,
  );
  console.log("| invariant | count |\n|---|---|");
  for (const [name, n] of Object.entries(invariants)) console.log(`| ${name} | ${n} |`);
  const bad = Object.values(invariants).some((n) => n !== 0);
  console.log(bad ? "\nFAIL: an invariant is not 0" : "\nOK: every invariant is 0");
  return bad ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err);
} finally {
  await cluster?.stop();
  for (const s of receivers) {
    s.closeAllConnections();
    s.close();
  }
  pg.destroy();
}
process.exit(code);
