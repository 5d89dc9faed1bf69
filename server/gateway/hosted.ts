import { eq } from "drizzle-orm";
import type { GatewayPaymentView } from "@/lib/contracts/gateway";
import type { Db } from "@/server/db/client";
import { gatewayPayments } from "@/server/db/schema/crypto";
import { optionsOf, paymentView } from "./payments";

/**
 * The payer's hosted page reads a payment by its id alone: the id (gwp_ + 20 random base62
 * characters) is the capability, as a payment link is with Coinbase Commerce or NOWPayments.
 * Null when there is no such payment.
 */
export async function getHostedPayment(db: Db, paymentId: string): Promise<GatewayPaymentView | null> {
  if (!/^gwp_[0-9A-Za-z]{20}$/.test(paymentId)) return null;
  const [row] = await db.select().from(gatewayPayments).where(eq(gatewayPayments.id, paymentId));
  if (!row) return null;
  return paymentView(row, (await optionsOf(db, [row.id])).get(row.id)!);
}
