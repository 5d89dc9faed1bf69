import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { waitFor } from "@/server/testing/worker-process";
import {
  type CredentialBroadcast,
  CREDENTIALS_CHANNEL,
  startCredentialBroadcast,
} from "./credential-broadcast";
import {
  cachedCredential,
  credentialEpoch,
  credentialsChanged,
  SHARED_MAX_AGE_MS,
  storeCredential,
} from "./credential-cache";

/**
 * The credential cache on Postgres: on only while this process listens, cleared by another
 * instance's NOTIFY, announcing its own changes, and never serving an entry older than 1 s.
 * (The cluster test checks the same end to end: a key revoked on one instance is refused by all.)
 */
const url = env().DATABASE_URL!;
// Behind a transaction pooler (DATABASE_DIRECT_URL set) the listening sessions connect past it, as
// server/main.ts does; the pool, which NOTIFYs, goes through it.
const sessionUrl = env().DATABASE_DIRECT_URL ?? url;
let pool: pg.Pool;
let other: pg.Client;
let broadcast: CredentialBroadcast;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: url, max: 2 });
  other = new pg.Client({ connectionString: sessionUrl });
  await other.connect();
  broadcast = startCredentialBroadcast(sessionUrl, pool);
  await broadcast.ready;
});
afterAll(async () => {
  await broadcast.stop();
  await other.end();
  await pool.end();
});

const credential = { orgId: "org_x", actor: { type: "apiKey", keyId: "key_x", scopes: ["read"] } } as const;
const store = (key: string) =>
  storeCredential(key, credentialEpoch(), {
    credential,
    validUntil: Number.POSITIVE_INFINITY,
    keyId: "key_x",
  });

describe("credential broadcast (Postgres LISTEN/NOTIFY)", () => {
  it("caches while listening, at most SHARED_MAX_AGE_MS", async () => {
    store("kp:a");
    expect(cachedCredential("kp:a")).toBeDefined();
    await new Promise((r) => setTimeout(r, SHARED_MAX_AGE_MS + 50));
    expect(cachedCredential("kp:a")).toBeUndefined();
  });

  it("another instance's NOTIFY clears the cache", async () => {
    store("kp:b");
    expect(cachedCredential("kp:b")).toBeDefined();
    const sent = Date.now();
    await other.query("select pg_notify($1, '')", [CREDENTIALS_CHANNEL]);
    await waitFor("the notification", async () => !cachedCredential("kp:b"), 900, undefined, 5);
    expect(Date.now() - sent).toBeLessThan(SHARED_MAX_AGE_MS);
  });

  it("a change here is announced to the other instances", async () => {
    await other.query(`listen ${CREDENTIALS_CHANNEL}`);
    const heard = new Promise<string>((resolve) => other.once("notification", (n) => resolve(n.channel)));
    credentialsChanged();
    expect(await heard).toBe(CREDENTIALS_CHANNEL);
    await other.query(`unlisten ${CREDENTIALS_CHANNEL}`);
  });

  it(
    "turns the cache off while the listening connection is down, " + "and back on once it listens again",
    async () => {
      const listeners = async () =>
        (
          await other.query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = current_database() and query = $1 and pid <> " +
              "pg_backend_pid()",
            [`listen ${CREDENTIALS_CHANNEL}`],
          )
        ).rows;
      const before = await listeners();
      expect(before.length).toBeGreaterThan(0);
      for (const { pid } of before) await other.query("select pg_terminate_backend($1)", [pid]);
      await waitFor(
        "the cache to turn off",
        async () => {
          store("kp:c");
          return !cachedCredential("kp:c");
        },
        5_000,
      );
      await waitFor(
        "the cache to come back",
        async () => {
          store("kp:d");
          return Boolean(cachedCredential("kp:d"));
        },
        10_000,
      );
    },
  );
});
