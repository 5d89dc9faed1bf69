import { execFileSync } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childProcessEnv, env } from "@/lib/env";
import type { Ctx } from "@/server/context";
import {
  type Database,
  type Db,
  openDatabase,
  positionAfterWrite,
  readReplicaOr,
  rowsOf,
} from "@/server/db/client";
import { CATCH_UP_WAIT_MS } from "@/server/db/replica";
import { globalSearch } from "@/server/search/global";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";

/**
 * On a real streaming replica (scripts/replica.sh, .ci/run): DATABASE_URL's database and the same
 * database on DATABASE_REPLICA_URL's server. vitest.replica.config.ts runs this file.
 */
const primaryUrl = env().DATABASE_URL;
const replicaUrl = env().DATABASE_REPLICA_URL;
if (!primaryUrl || !replicaUrl)
  throw new Error(
    "The replica tests need DATABASE_URL and DATABASE_REPLICA_URL (bash scripts/replica.sh up).",
  );
const replicaPort = new URL(replicaUrl).port || "5433";
const ROOT = path.resolve(import.meta.dirname, "../..");

const opened: Database[] = [];
const open = async (maxReplicaLagMs: number) => {
  const database = await openDatabase({
    kind: "postgres",
    url: primaryUrl,
    replicaUrl,
    maxReplicaLagMs,
    poolMax: 4,
  });
  opened.push(database);
  return database;
};

let replicaAdmin: pg.Client;
const onReplica = async (db: Db) =>
  rowsOf<{ r: boolean }>(await db.execute(sql`select pg_is_in_recovery() as r`))[0]!.r;
const pauseReplay = () => replicaAdmin.query("select pg_wal_replay_pause()");
const resumeReplay = () => replicaAdmin.query("select pg_wal_replay_resume()");
async function replayed(lsn: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await replicaAdmin.query<{ ok: boolean }>(
      "select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok",
      [lsn],
    );
    if (rows[0]!.ok) return;
    if (Date.now() > deadline) throw new Error(`the replica did not replay ${lsn}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const replicaScript = (command: string) =>
  execFileSync("bash", ["scripts/replica.sh", command], {
    cwd: ROOT,
    env: childProcessEnv({ REPLICA_PORT: replicaPort }),
    stdio: "pipe",
  });

let ctx: Ctx;
let orgId: string;

beforeAll(async () => {
  replicaAdmin = new pg.Client({ connectionString: replicaUrl });
  replicaAdmin.on("error", () => {}); // the last test stops the replica under it
  await replicaAdmin.connect();
  await resumeReplay();
  const { db } = await open(5_000);
  const org = await createTestOrg(db);
  orgId = org.orgId;
  ctx = userCtx(db, orgId, org.admin);
  await replayed((await positionAfterWrite(db))!);
});

afterAll(async () => {
  await resumeReplay().catch(() => {});
  await replicaAdmin.end().catch(() => {});
  await Promise.all(opened.map((d) => d.close().catch(() => {})));
});

/** The customers the global search finds, by their svc card ids. */
const search = async (c: Ctx, q: string) =>
  (await globalSearch({ ctx: c, input: { q, only: "customers" } })).hits.map((h) => h.id);

describe("read replica", () => {
  it("serves the read-only use cases from the replica; the primary handle and transactions stay on the primary", async () => {
    const database = await open(5_000);
    const c = { ...ctx, db: database.db };
    const customer = await createReadyCustomer(database.db, orgId);
    await replayed((await positionAfterWrite(database.db))!);
    const before = { ...database.replica!.counts };
    const found = await search(c, customer.email);
    expect(found).toEqual([customer.svcCardId]);
    expect(database.replica!.counts).toEqual({ replica: before.replica + 1, primary: before.primary });
    expect(await onReplica(await readReplicaOr(database.db))).toBe(true);
    expect(await onReplica(database.db)).toBe(false);
    // Inside a transaction the handle is the transaction itself: its reads see its own writes.
    await database.db.transaction(async (tx) => {
      expect(await readReplicaOr(tx)).toBe(tx);
    });
  });

  it("reads a change just made (read-your-writes): waits for the replica, else reads the primary", async () => {
    const database = await open(60_000); // a lag bound that never bypasses, to see the wait alone
    const c = { ...ctx, db: database.db };
    await pauseReplay();
    try {
      const customer = await createReadyCustomer(database.db, orgId);
      const lsn = (await positionAfterWrite(database.db))!;
      // Without the position the replica answers, without the change.
      expect(await search(c, customer.email)).toEqual([]);
      const before = { ...database.replica!.counts };
      const t0 = performance.now();
      const fresh = await search({ ...c, readAfterLsn: lsn }, customer.email);
      const waited = performance.now() - t0;
      expect(fresh).toEqual([customer.svcCardId]);
      expect(database.replica!.counts.primary).toBe(before.primary + 1);
      expect(waited).toBeGreaterThanOrEqual(CATCH_UP_WAIT_MS - 20);
      expect(waited).toBeLessThan(CATCH_UP_WAIT_MS + 1_500);
      await resumeReplay();
      await replayed(lsn);
      const after = await search({ ...c, readAfterLsn: lsn }, customer.email);
      expect(after).toEqual([customer.svcCardId]);
      expect(database.replica!.counts.replica).toBe(before.replica + 1);
    } finally {
      await resumeReplay();
    }
  });

  it("bypasses a replica whose replay lags beyond the bound, and uses it again once it caught up", async () => {
    const database = await open(300);
    const replica = database.replica!;
    expect(await onReplica(await readReplicaOr(database.db))).toBe(true);
    await pauseReplay();
    try {
      await createReadyCustomer(database.db, orgId);
      const lsn = (await positionAfterWrite(database.db))!;
      await new Promise((r) => setTimeout(r, 800));
      replica.recheck();
      expect(await readReplicaOr(database.db)).toBe(database.db);
      expect(replica.lastState.lagMs).toBeGreaterThan(300);
      await resumeReplay();
      await replayed(lsn);
    } finally {
      await resumeReplay();
    }
    replica.recheck();
    expect(await onReplica(await readReplicaOr(database.db))).toBe(true);
  });

  it("keeps answering when the replica is stopped mid-run (every read on the primary), and returns to it", async () => {
    const database = await open(5_000);
    const c = { ...ctx, db: database.db };
    const customer = await createReadyCustomer(database.db, orgId);
    await replayed((await positionAfterWrite(database.db))!);
    const before = { ...database.replica!.counts };
    let stopped = false;
    const reads = (async () => {
      const answers: number[] = [];
      for (let i = 0; i < 60; i++) {
        answers.push((await search(c, customer.email)).length);
        await new Promise((r) => setTimeout(r, 50));
        if (i === 10) {
          replicaScript("stop");
          stopped = true;
        }
      }
      return answers;
    })();
    try {
      const answers = await reads;
      expect(stopped).toBe(true);
      // Not one error, not one empty answer: the reads after the stop ran on the primary.
      expect(answers).toEqual(Array(60).fill(1));
      expect(database.replica!.counts.primary).toBeGreaterThan(before.primary + 40);
    } finally {
      replicaScript("start");
    }
    const deadline = Date.now() + 30_000;
    for (;;) {
      database.replica!.recheck();
      if (await onReplica(await readReplicaOr(database.db))) break;
      if (Date.now() > deadline) throw new Error("the restarted replica was not used again");
      await new Promise((r) => setTimeout(r, 250));
    }
  });
});
