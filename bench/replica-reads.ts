/**
 * The read replica's effect on the primary (docs/operations.md, "Read replica"): the Customers list
 * and the card-transactions list (use cases, in-process, as a page calls them) read by CONCURRENCY
 * callers for SECONDS, once without and once with DATABASE_REPLICA_URL; for each, reads/s and the
 * transactions the primary's database ran meanwhile (pg_stat_database.xact_commit), i.e. what the
 * lists cost the primary. Seeds a small program first (CUSTOMERS customers with a card each).
 *
 *   bash scripts/replica.sh up
 *   DATABASE_URL=postgres://.../scratch DATABASE_REPLICA_URL=postgres://...:5433/scratch \
 *     npx tsx bench/replica-reads.ts [--seconds 5] [--concurrency 8] [--smoke]
 */
import "./env-first";
import { parseArgs } from "node:util";
import pg from "pg";
import { env } from "@/lib/env";
import { boot } from "@/server/boot";
import { listCustomers } from "@/server/cards/customers/list";
import type { Ctx } from "@/server/context";
import { type Database, openDatabase, positionAfterWrite } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { listCardTransactions } from "@/server/issuer/transactions/list";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "8" },
    smoke: { type: "boolean", default: false },
  },
});
const SECONDS = values.smoke ? 1 : Number(values.seconds);
const CONCURRENCY = values.smoke ? 2 : Number(values.concurrency);
const CUSTOMERS = values.smoke ? 10 : 200;
const { DATABASE_URL: url, DATABASE_REPLICA_URL: replicaUrl } = env();
if (!url || !replicaUrl)
  throw new Error("bench/replica-reads.ts needs DATABASE_URL and DATABASE_REPLICA_URL.");

boot();
const dbName = new URL(url).pathname.slice(1);
const stats = new pg.Client({ connectionString: url });
await stats.connect();
const commits = async () =>
  Number(
    (
      await stats.query<{ n: string }>(
        "select xact_commit::text as n from pg_stat_database where datname = $1",
        [dbName],
      )
    ).rows[0]!.n,
  );

async function measure(database: Database, ctx: Ctx) {
  const c = { ...ctx, db: database.db };
  const before = await commits();
  const until = Date.now() + SECONDS * 1000;
  let reads = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      while (Date.now() < until) {
        if (i % 2 === 0) await listCustomers({ ctx: c, input: { limit: 20 } });
        else await listCardTransactions({ ctx: c, input: { limit: 20 } });
        reads++;
      }
    }),
  );
  // pg_stat_database is flushed by each backend at most every 0.5-1 s: wait for it.
  await new Promise((r) => setTimeout(r, 1_500));
  return {
    perSecond: Math.round(reads / SECONDS),
    primaryCommitsPerRead: ((await commits()) - before) / reads,
  };
}

const primaryOnly = await openDatabase({ kind: "postgres", url, poolMax: CONCURRENCY });
const withReplica = await openDatabase({ kind: "postgres", url, replicaUrl, poolMax: CONCURRENCY });
try {
  await migrateDatabase(primaryOnly);
  const org = await createTestOrg(primaryOnly.db);
  for (let i = 0; i < CUSTOMERS; i++) await createReadyCustomer(primaryOnly.db, org.orgId);
  const lsn = (await positionAfterWrite(withReplica.db))!;
  const ctx = userCtx(primaryOnly.db, org.orgId, org.admin);
  // Read-your-writes for the seed: the first reads wait until the replica has it.
  await listCustomers({ ctx: { ...ctx, db: withReplica.db, readAfterLsn: lsn }, input: {} });
  const a = await measure(primaryOnly, ctx);
  const b = await measure(withReplica, ctx);
  console.log(
    `${CONCURRENCY} callers, ${SECONDS} s each, Customers list and card-transactions list alternating, ` +
      `${new Date().toISOString()}`,
  );
  console.log("| | reads/s | primary transactions per read | reads served by the replica |");
  console.log("|---|---|---|---|");
  console.log(`| primary only | ${a.perSecond} | ${a.primaryCommitsPerRead.toFixed(2)} | - |`);
  console.log(
    `| with the replica | ${b.perSecond} | ${b.primaryCommitsPerRead.toFixed(2)} | ${withReplica.replica!.counts.replica} of ${
      withReplica.replica!.counts.replica + withReplica.replica!.counts.primary
    } |`,
  );
} finally {
  await Promise.all([primaryOnly.close(), withReplica.close(), stats.end()]);
}
