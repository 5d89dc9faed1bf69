import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Db, sessionConnectionConfig } from "@/server/db/client";
import { log } from "@/server/log";

const RECONNECT_MS = 1_000;

const embeddedClient = (db: Db): PGlite | null => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
};

/**
 * True on the embedded database (PGlite): this process is its only writer (the data folder's lock),
 * so its own signals and NOTIFYs see every change, and a poll would only ever find what time made due.
 */
export function isEmbedded(db: Db): boolean {
  return embeddedClient(db) !== null;
}

/**
 * Calls `onNotify` for every NOTIFY on `channel` until the returned function is called: a worker
 * in one process wakes when another process commits work for it, instead of at its next poll.
 * On Postgres only a hint, so the callers keep polling: a notification lost while reconnecting costs
 * one poll interval (its own connection, outside the pool). On PGlite the process's own NOTIFYs,
 * delivered at their commit (never for a rollback), by PGlite's listen().
 */
export function listenForNotifications(db: Db, channel: string, onNotify: () => void): () => Promise<void> {
  const embedded = embeddedClient(db);
  if (embedded) {
    // A failure (the database closed) leaves nothing to undo.
    const unlisten = embedded.listen(channel, () => onNotify()).catch(() => null);
    return async () => {
      await (await unlisten)?.().catch(() => {});
    };
  }
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
