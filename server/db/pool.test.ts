import net from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResilientPool } from "./pool";

/**
 * A stand-in for PgBouncer while Postgres is down: it lets clients log in, then answers their first
 * query with its "server login has been failing" error and closes the connection, as PgBouncer does.
 */
function fakePooler() {
  const sockets = new Set<net.Socket>();
  const message = (type: string, body: Buffer) => {
    const head = Buffer.alloc(5);
    head.write(type, 0, "latin1");
    head.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([head, body]);
  };
  const int32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(n);
    return b;
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let loggedIn = false;
    socket.on("data", () => {
      if (!loggedIn) {
        loggedIn = true;
        socket.write(Buffer.concat([message("R", int32(0)), message("Z", Buffer.from("I"))]));
        return;
      }
      const fields = ["SERROR", "VERROR", "C08P01", "Mserver login has been failing, try again later"];
      socket.end(message("E", Buffer.from(`${fields.join("\0")}\0\0`, "latin1")));
    });
  });
  return {
    sockets,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
      ),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("ResilientPool", () => {
  let stop: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const s of stop.reverse()) await s();
    stop = [];
  });

  async function poolOnFake(max: number) {
    const fake = fakePooler();
    const port = await fake.listen();
    const pool = new ResilientPool({ host: "127.0.0.1", port, user: "u", database: "d", max });
    stop.push(fake.close, () => pool.end());
    return { fake, pool };
  }

  it("gets a transaction's client back when its begin fails on a connection the pooler closes", async () => {
    const { pool } = await poolOnFake(2);
    const db = drizzle({ client: pool });
    // drizzle releases a transaction's client only once begin succeeded: with a plain pool the
    // first two failures kept both clients and the third transaction waited forever.
    for (let i = 0; i < 5; i++) {
      await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      await vi.waitFor(() => expect(pool.totalCount).toBe(0));
    }
  });

  it("drops a checked-out client whose connection is lost, without an unhandled error", async () => {
    const { fake, pool } = await poolOnFake(1);
    const client = await pool.connect();
    for (const s of fake.sockets) s.destroy();
    await vi.waitFor(() => expect(pool.totalCount).toBe(0));
    await expect(client.query("select 1")).rejects.toThrow();
    // The holder releasing it afterwards changes nothing and does not throw.
    client.release();
    expect(pool.totalCount).toBe(0);
    // The pool opens a new connection for the next caller.
    const next = await pool.connect();
    expect(pool.totalCount).toBe(1);
    next.release();
  });
});
