import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { customerBalances } from "@/server/db/schema/money";

export type CustomerBalanceRow = typeof customerBalances.$inferSelect;

/** The customer's wallet balance row, or null before the wallet is deployed. */
export async function customerBalanceOf(
  db: Db,
  orgId: string,
  customerId: string,
): Promise<CustomerBalanceRow | null> {
  const [row] = await db
    .select()
    .from(customerBalances)
    .where(and(eq(customerBalances.orgId, orgId), eq(customerBalances.customerId, customerId)));
  return row ?? null;
}
