import { eq } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import type { Db } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import type { CardTransactionRow } from "./view";

/** The account wallet the transaction's money moves from or to on chain. */
export async function walletAddressOf(tx: Db, row: CardTransactionRow): Promise<string> {
  const [customer] = await tx
    .select({ safeAddress: cardCustomers.safeAddress })
    .from(cardCustomers)
    .where(eq(cardCustomers.id, row.customerId));
  if (!customer?.safeAddress)
    throw new ServiceError("WALLET_NOT_DEPLOYED", "The customer has no account wallet.");
  return customer.safeAddress;
}
