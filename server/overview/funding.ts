import type { Db } from "@/server/db/client";
import type { customerFundings, masterWalletDeposits } from "@/server/db/schema/money";
import { addToOverview, dayOf } from "./counters";

/** A settled master-wallet deposit counted as funding in, on its day of settlement. */
export async function countFundingIn(tx: Db, row: typeof masterWalletDeposits.$inferSelect): Promise<void> {
  await addToOverview(tx, {
    orgId: row.orgId,
    customerId: null,
    metric: "funding_in",
    day: dayOf(row.settledAt ?? new Date()),
    currency: row.currency,
    count: 1,
    amountMinor: row.settledAmountMinor ?? row.sourceAmountMinor,
  });
}

/** A completed transfer from the master wallet to a customer counted as funding out. */
export async function countFundingOut(tx: Db, row: typeof customerFundings.$inferSelect): Promise<void> {
  await addToOverview(tx, {
    orgId: row.orgId,
    customerId: row.customerId,
    metric: "funding_out",
    day: dayOf(row.createdAt),
    currency: row.currency,
    count: 1,
    amountMinor: row.amountMinor,
  });
}
