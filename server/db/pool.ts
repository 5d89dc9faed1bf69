import pg from "pg";

/**
 * The node-postgres pool of a Postgres database (server/db/client.ts), made to survive lost
 * connections: Postgres restarted or crashed, or PgBouncer closing a client connection (the server
 * session under its transaction died, or "server login has been failing" while Postgres is down).
 *
 * - An idle client's error reaches the pool's "error" event and the pool drops the client.
 * - A client checked out (a transaction) has no listener of the pool's while it is out: node-postgres
 *   emitting "error" on it when its socket ends would be an unhandled 'error' event that kills the
 *   app instance or worker mid-request. Every client gets a listener of its own.
 * - A checked-out client whose connection is lost goes back to the pool at once, with the error, so
 *   the pool discards it and opens a new connection for the next caller; a later release by its
 *   holder is ignored. Without this a client lost before its holder could release it stays counted
 *   forever: drizzle's transaction() releases its client only if `begin` succeeded, and behind
 *   PgBouncer `begin` is what fails while Postgres is down. Ten such `begin`s and the pool had no
 *   client left: every request of the instance waited for one until the instance was killed.
 */
export class ResilientPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    this.on("error", () => {});
    this.on("connect", (client) => client.on("error", () => {}));
  }

  // The promise form is what transactions use; the callback form is pool.query's own, which handles
  // a lost connection itself (it listens for the client's error while it holds it).
  connect(): Promise<pg.PoolClient>;
  connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  connect(callback?: Parameters<pg.Pool["connect"]>[0]): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenLost);
  }
}

function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const lost = (err: Error) => {
    if (released) return;
    released = true;
    release(err);
  };
  client.on("error", lost);
  client.release = (err?: Error | boolean) => {
    client.removeListener("error", lost);
    if (released) return;
    released = true;
    release(err);
  };
  return client;
}
