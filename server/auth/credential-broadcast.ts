import pg from "pg";
import { log } from "@/server/log";
import {
  dropCachedCredentials,
  enableCredentialCache,
  setCredentialBroadcast,
  SHARED_MAX_AGE_MS,
} from "./credential-cache";

/** The Postgres channel on which instances announce a change to a credential. */
export const CREDENTIALS_CHANNEL = "svc_credentials";
const RECONNECT_MS = 1_000;

export interface CredentialBroadcast {
  /** Resolves once LISTEN has run (or failed and a retry is scheduled). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * On Postgres, the credential cache is safe across instances only while this process hears every
 * change: a dedicated connection LISTENs on CREDENTIALS_CHANNEL and clears the cache on each
 * notification; credentialsChanged() NOTIFYs through the pool after its commit. While the
 * listening connection is down the cache is off (every request reads the database) and a new
 * connection is tried every second; once it listens again the cache starts empty.
 * docs/operations.md, "Credential cache".
 */
export function startCredentialBroadcast(url: string, pool: pg.Pool): CredentialBroadcast {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  setCredentialBroadcast(() => {
    pool
      .query("select pg_notify($1, '')", [CREDENTIALS_CHANNEL])
      .catch((err: unknown) => log.warn({ err }, "could not announce a credential change"));
  });

  const lost = (err?: unknown) => {
    enableCredentialCache(false);
    const dead = client;
    client = undefined;
    dead?.removeAllListeners();
    dead?.on("error", () => {});
    void dead?.end().catch(() => {});
    if (stopped || timer) return;
    if (err) log.warn({ err }, "credential broadcast: listening connection lost; cache off until it is back");
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RECONNECT_MS);
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    c.on("error", (err) => lost(err));
    c.on("end", () => client === c && lost(new Error("connection ended")));
    c.on("notification", () => dropCachedCredentials());
    try {
      await c.connect();
      await c.query(`listen ${CREDENTIALS_CHANNEL}`);
      if (stopped) return void (await c.end().catch(() => {}));
      client = c;
      enableCredentialCache(true, SHARED_MAX_AGE_MS);
    } catch (err) {
      client = c;
      lost(err);
    }
  };

  return {
    ready: connect(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      setCredentialBroadcast(undefined);
      enableCredentialCache(false);
      const c = client;
      client = undefined;
      c?.removeAllListeners();
      c?.on("error", () => {});
      await c?.end().catch(() => {});
    },
  };
}
