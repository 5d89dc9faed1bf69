import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "@/server/testing/database";
import { rowsOf } from "./client";
import { cte, runWrites, write } from "./statements";

const database = withTestDatabase();

describe("runWrites", () => {
  it("runs the writes in the order given, each main statement before its own CTEs", async () => {
    const db = database.db;
    const table = sql.raw(`write_order_${Math.random().toString(36).slice(2, 10)}`);
    await db.execute(sql`create table ${table} (name text, n bigserial)`);
    try {
      const logged = (name: string) => sql`insert into ${table} (name) values (${name})`;
      await runWrites(db, [
        write(logged("first")),
        write(logged("second"), [cte("second_own", logged("second's own"))]),
        write(logged("third")),
      ]);
      const rows = rowsOf<{ name: string }>(await db.execute(sql`select name from ${table} order by n`));
      // The order locks are taken in: a combined write must lock as the same writes run one by one.
      expect(rows.map((r) => r.name)).toEqual(["first", "second", "second's own", "third"]);
    } finally {
      await db.execute(sql`drop table ${table}`);
    }
  });
});
