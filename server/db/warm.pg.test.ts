import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { openDatabase } from "./client";
import { warmPool } from "./warm";

/** The pool's sessions opened and their catalog loaded before the first request (server/main.ts). */
describe("warmPool", () => {
  it("opens every session of the pool and plans a select of every table on each, then gives them back", async () => {
    const database = await openDatabase({ kind: "postgres", url: env().DATABASE_URL!, poolMax: 3 });
    try {
      const warmed = await warmPool(database);
      expect(warmed).toMatchObject({ sessions: 3 });
      // Every table of the schema, partitions aside: more than the card tables alone.
      expect((warmed as { tables: number }).tables).toBeGreaterThan(40);
      expect(database.pool!.totalCount).toBe(3);
      expect(database.pool!.idleCount).toBe(3);
      // The sessions stay open: a 10 s lull no longer closes them (client.ts, idleTimeoutMillis).
      expect(database.pool!.options.idleTimeoutMillis).toBeGreaterThanOrEqual(300_000);
    } finally {
      await database.close();
    }
  });

  it("returns the failure, never throws, when the server cannot be reached", async () => {
    const database = await openDatabase({
      kind: "postgres",
      url: "postgres://postgres@127.0.0.1:1/none",
      poolMax: 2,
    });
    try {
      const warmed = await warmPool(database);
      expect(warmed).toHaveProperty("error");
      expect(database.pool!.totalCount).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("has nothing to do on the embedded database", async () => {
    const database = await openDatabase({ kind: "memory" });
    try {
      expect(await warmPool(database)).toBeNull();
    } finally {
      await database.close();
    }
  });
});
