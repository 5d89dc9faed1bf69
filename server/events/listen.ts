import pg from "pg";
import { type Db, sessionConnectionConfig } from "@/server/db/client";
import { log } from "@/server/log";

const RECONNECT_MS = 1_000;

/**
 * Calls `onNotify` for every NOTIFY on `channel` until the returned function is called: a worker
 * in one process wakes when another process commits work for it, instead of at its next poll.
 * Only a hint, so the callers keep polling: a notification lost while reconnecting costs one poll
 * interval. Postgres only (its own connection, outside the pool); on PGlite, one process holds
 * the database and nothing listens.
 */
export function listenForNotifications(db: Db, channel: string, onNotify: () => void): () => Promise<void> {
  // Past a transaction pooler (DATABASE_DIRECT_URL) a LISTEN would hold no session: the server itself.
  const config = sessionConnectionConfig(db);
  if (!config) return async () => {};
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let warned = false;

  const connect = async () => {
    retry = null;
    const c = new pg.Client(config);
    c.on("notification", (n) => {
      if (n.channel === channel) onNotify();
    });
    c.on("error", () => {}); // "end" follows and reconnects
    c.on("end", () => {
      if (client === c) client = null;
      if (!closed) retry ??= setTimeout(() => void connect(), RECONNECT_MS); // connect() catches its own failures
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
      if (closed) return void (await c.end());
      client = c;
      warned = false;
      onNotify(); // anything committed while this connection was not listening
    } catch (err) {
      // Once per outage: the database being down is logged by the pollers already.
      if (!warned) log.warn({ err, channel }, "could not listen for notifications; polling until it can");
      warned = true;
      await c.end().catch(() => {});
      if (!closed) retry ??= setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  void connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
    client = null;
  };
}
