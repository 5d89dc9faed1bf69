import type { Db } from "@/server/db/client";
import { shardOf } from "@/server/db/shard";
import { keyCtx, spendingCustomer } from "./card-network";
import { createTestOrg, userCtx } from "./fixtures";

/**
 * The counter-shard tests' program (server/issuer/card-network/counter-shards.test.ts, and its
 * Postgres-only lock test counter-shards.pg.test.ts): a program with its admin and a key,
 * and two funded customers whose counters sit in different shards (server/db/shard.ts).
 */

export async function shardProgram(db: Db) {
  const org = await createTestOrg(db);
  const admin = userCtx(db, org.orgId, {
    userId: org.admin.userId,
    email: "admin@example.test",
    role: "admin",
  });
  return { orgId: org.orgId, ctx: keyCtx(db, org.orgId), admin };
}

/**
 * Customers are made (each funded with 10,000) until one lands in another shard than the first:
 * `alsoInA` is how many of them landed in the first one's shard on the way (1 time in 16, one or more).
 */
export async function customersOfTwoShards(db: Db, orgId: string) {
  const a = await spendingCustomer(db, orgId, { fundMinor: 10_000 });
  for (let alsoInA = 0; alsoInA < 20; alsoInA++) {
    const b = await spendingCustomer(db, orgId, { fundMinor: 10_000 });
    if (shardOf(b.customer.id) !== shardOf(a.customer.id)) return [a, b, alsoInA] as const;
  }
  throw new Error("20 customers in one shard");
}
