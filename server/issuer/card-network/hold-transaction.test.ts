import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { rowsOf } from "@/server/db/client";
import { executeNamed, write } from "@/server/db/statements";
import { withTestDatabase } from "@/server/testing/database";
import { holdTransaction, runTogether } from "./hold-transaction";

const database = withTestDatabase();

/** Every text the pool's clients send, while `sent` is an array. */
let sent: string[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string })?.text;
  sent?.push(text ?? "?");
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;
afterEach(() => {
  sent = null;
});
// On Postgres the tests share one database: the scratch table goes with the file.
afterAll(() => database.db.execute(sql`drop table if exists hold_tx_scratch`));

async function scratch() {
  await database.db.execute(
    sql`create table if not exists hold_tx_scratch (id text primary key, note text, data jsonb, n bigint, ok boolean)`,
  );
  await database.db.execute(sql`delete from hold_tx_scratch`);
}

const read = (id: string) =>
  sql`select id, note, data, n::int as n, ok from hold_tx_scratch where id = ${id} for update`;
const insert = (id: string, note: string | null, data: unknown, n: number, ok: boolean) =>
  write(
    sql`insert into hold_tx_scratch (id, note, data, n, ok) values (${id}, ${note}, ${JSON.stringify(data)}::jsonb, ${n}, ${ok})`,
  );

async function run(id: string, note: string | null, data: unknown) {
  return holdTransaction(database.db, async (tx) => {
    const found = rowsOf(await executeNamed(tx, read(id)));
    return { result: found, writes: [insert(id, note, data, 42, true)] };
  });
}

describe("holdTransaction", () => {
  it("commits what it wrote, values of every plain kind exactly as bound", async () => {
    await scratch();
    const note = "O'Brien \\ back\\slash, $1 'quoted'";
    const data = { a: "it's", b: [1, 2], c: "\\n" };
    await run("a", note, data);
    const [row] = rowsOf<{ note: string; data: unknown; n: number; ok: boolean }>(
      await database.db.execute(sql`select note, data, n::int as n, ok from hold_tx_scratch where id = 'a'`),
    );
    expect(row).toEqual({ note, data, n: 42, ok: true });
  });

  it("rolls back when the work or the writes fail, and the connection serves the next one", async () => {
    await scratch();
    await expect(
      holdTransaction(database.db, async (tx) => {
        await executeNamed(tx, read("x"));
        await executeNamed(tx, insert("b", null, {}, 1, true).main);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    // The writes fail (a duplicate key): nothing of the transaction stays.
    await run("c", null, {});
    await expect(
      holdTransaction(database.db, async (tx) => {
        await executeNamed(tx, insert("d", null, {}, 1, true).main);
        return { result: null, writes: [insert("c", null, {}, 1, true)] };
      }),
    ).rejects.toThrow();
    const ids = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from hold_tx_scratch order by id`),
    );
    expect(ids.map((r) => r.id)).toEqual(["c"]);
    await run("e", null, {});
  });

  it("on Postgres, once a connection knows the statements: begin rides on the first, commit on the writes", async () => {
    if (database.kind !== "postgres") return; // PGlite: drizzle's own transaction
    await scratch();
    // Parse both statements on every connection of the pool the runs below may take.
    for (let i = 0; i < 20; i++) await run(`warm${i}`, "w", {});
    sent = [];
    await run("f", "x", { k: 1 });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^begin; execute svc_stmt_\d+\('f'\)$/);
    expect(sent[1]).toMatch(/^execute svc_stmt_\d+\(.*\); commit$/);
  });

  /** Reads `id`, inserts `inner` behind a savepoint in the same trip, and undoes it with the writes. */
  const undone = (id: string, inner: string, outer = id) =>
    holdTransaction(database.db, async (tx) => {
      const [found, savepoint, inserted] = await runTogether(tx, [
        read(id),
        { command: "savepoint scratch_hold" },
        insert(inner, "inner", {}, 1, true).main,
      ]);
      expect(savepoint).toBeNull();
      expect(inserted).not.toBeNull();
      return {
        result: rowsOf(found),
        writes: [insert(outer, "outer", { k: 2 }, 7, false)],
        before: "rollback to savepoint scratch_hold",
      };
    });

  it("runTogether answers each statement in order; `before` undoes to a savepoint ahead of the writes", async () => {
    await scratch();
    expect(await undone("g", "g-inner")).toEqual([]);
    const ids = rowsOf<{ id: string; note: string }>(
      await database.db.execute(sql`select id, note from hold_tx_scratch order by id`),
    );
    expect(ids).toEqual([{ id: "g", note: "outer" }]);
    // The next one reads what the first committed.
    await database.db.execute(sql`delete from hold_tx_scratch where id = 'g'`);
    await run("h", "x", {});
    expect(await undone("h", "h-inner", "h2")).toEqual([{ id: "h", note: "x", data: {}, n: 42, ok: true }]);
  });

  it("on Postgres, once parsed: the statements of runTogether go in one query, `before` with the writes and the commit", async () => {
    if (database.kind !== "postgres") return; // PGlite: one statement after another
    await scratch();
    for (let i = 0; i < 20; i++) await undone(`warm${i}`, `warm${i}-inner`);
    sent = [];
    await undone("i", "i-inner");
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(
      /^begin; execute svc_stmt_\d+\('i'\); savepoint scratch_hold; execute svc_stmt_\d+\(.*\)$/,
    );
    expect(sent[1]).toMatch(/^rollback to savepoint scratch_hold; execute svc_stmt_\d+\(.*\); commit$/);
    const ids = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from hold_tx_scratch where id like 'i%' order by id`),
    );
    expect(ids.map((r) => r.id)).toEqual(["i"]);
  });
});
