import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { TOKEN_OF_CURRENCY } from "@/lib/contracts/cards";
import { openCustomerBalance } from "@/server/balances/open";
import type { CardCustomerRow } from "@/server/cards/customers/find";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import type { CardCurrency } from "@/server/db/schema/cards";
import { outboxEvents } from "@/server/db/schema/platform";
import { simSafes } from "@/server/db/schema/providers";
import { createReadyCustomer } from "@/server/testing/card-customers";

/** Test helpers of the issuer money tests (not used by the app). */

export function systemCtx(db: Db, orgId: string): Ctx {
  return { db, orgId, actor: { type: "system", reason: "test" } };
}

/**
 * A customer with a deployed account wallet that the simulated chain knows (so it can be
 * credited and read) and an opened balance, as the deployment leaves it.
 */
export async function fundableCustomer(
  db: Db,
  orgId: string,
  currency: CardCurrency = "EUR",
  overrides: Parameters<typeof createReadyCustomer>[2] = {},
): Promise<CardCustomerRow> {
  const address = `0x${randomBytes(20).toString("hex")}`;
  const customer = await createReadyCustomer(db, orgId, { currency, safeAddress: address, ...overrides });
  if (customer.safeAddress && customer.safeState === "deployed") {
    await db.insert(simSafes).values({
      address,
      orgId,
      ownerRef: customer.id,
      tokenSymbol: TOKEN_OF_CURRENCY[currency],
      deployStatus: "ok",
      accountStatus: 0,
      readyAt: new Date(),
    });
    await db.transaction((tx) => openCustomerBalance(tx, { orgId, customerId: customer.id, currency }));
  }
  return customer;
}

export async function chainBalance(db: Db, address: string): Promise<number> {
  const [row] = await db
    .select({ balanceMinor: simSafes.balanceMinor })
    .from(simSafes)
    .where(eq(simSafes.address, address));
  return row!.balanceMinor;
}

/** The organization's events of these types, in the order they were raised. */
export async function eventsOf(
  db: Db,
  orgId: string,
  types: string[],
): Promise<{ type: string; data: Record<string, unknown> }[]> {
  return db
    .select({ type: outboxEvents.type, data: outboxEvents.data })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orgId, orgId), inArray(outboxEvents.type, types)))
    .orderBy(asc(outboxEvents.seq));
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function waitFor<T>(
  probe: () => Promise<T | false | null | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("waitFor: timed out");
    await sleep(25);
  }
}
