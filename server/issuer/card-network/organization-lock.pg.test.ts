import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CardTransactionView } from "@/lib/contracts/card-transactions";
import { type Db, rowsOf } from "@/server/db/client";
import { coffeePurchase, spendingCustomer } from "@/server/testing/card-network";
import { shardProgram } from "@/server/testing/counter-shards";
import { withTestDatabase } from "@/server/testing/database";
import { authorizeCardTransaction } from "./authorize";

/*
 * An authorization locks its card and its customer, never its organization's one row (the card
 * transaction's foreign key goes to the customer and organization together: server/db/schema/money.ts).
 * Every authorization of a program locking that row FOR KEY SHARE made a new MultiXact whenever two
 * were in flight. Row locks only mean something on Postgres: vitest.postgres.config.ts runs this file.
 */

const database = withTestDatabase();

describe("the organization's row under authorizations", () => {
  it("while another transaction holds the organization's row FOR UPDATE, an authorization commits", async () => {
    const { orgId, ctx } = await shardProgram(database.db);
    const { card } = await spendingCustomer(database.db, orgId, { fundMinor: 10_000 });
    // Today's counter rows exist (a first authorization), as on a busy day: the first of a day inserts
    // them, and their own keys to the organization lock its row then, once a day per shard.
    await authorizeCardTransaction({ ctx, input: coffeePurchase(card.id, 100) });
    let authorized: Promise<CardTransactionView> | undefined;
    await database.db.transaction(async (tx) => {
      const locked = rowsOf(
        await (tx as unknown as Db).execute(sql`select 1 from organizations where id = ${orgId} for update`),
      );
      expect(locked).toHaveLength(1);
      authorized = authorizeCardTransaction({ ctx, input: coffeePurchase(card.id, 250) });
      const first = await Promise.race([
        authorized.then((view) => view.status),
        new Promise((r) => setTimeout(() => r("waiting"), 2_000)),
      ]);
      expect(first).toBe("authorized");
    });
    expect((await authorized!).status).toBe("authorized");
  });
});
