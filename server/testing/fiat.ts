import { and, asc, eq, like } from "drizzle-orm";
import type { ExchangeRateInput } from "@/lib/contracts/fiat";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { fiatWallets } from "@/server/db/schema/fiat";
import { outboxEvents } from "@/server/db/schema/platform";
import { createQuote } from "@/server/fiat/quotes/create";
import { createWallet, creditWallet } from "@/server/fiat/wallets/manage";
import { createTestOrg } from "@/server/testing/fixtures";

/** Test helpers of the fiat tests (not used by the app). */

export const SEPA_BENEFICIARY = {
  beneficiary_name: "Ada Lovelace",
  beneficiary_type: "individual",
  iban: "DE89370400440532013000",
};

export async function fiatProgram(db: Db) {
  const org = await createTestOrg(db);
  const ctx: Ctx = {
    db,
    orgId: org.orgId,
    actor: { type: "apiKey", keyId: "key_test", scopes: ["read", "write", "transactions"] },
  };
  return {
    ...org,
    ctx,
    /** Creates the wallet (if needed) and credits it, as a completed deposit would. */
    async fund(currency: string, amount: string) {
      await createWallet({ ctx, input: { currency } }).catch(() => undefined);
      await creditWallet(db, org.orgId, currency, amount);
    },
    async balance(currency: string): Promise<string> {
      const [w] = await db
        .select({ balance: fiatWallets.balance })
        .from(fiatWallets)
        .where(and(eq(fiatWallets.orgId, org.orgId), eq(fiatWallets.currency, currency)));
      return w!.balance;
    },
    /** A SEPA payout quote: `amount` USD to EUR over method 101. */
    quote(amount = 100, overrides: Partial<ExchangeRateInput> = {}) {
      return createQuote({
        ctx,
        input: {
          from_currency: "USD",
          to_currency: "EUR",
          amount,
          method_id: 101,
          method_type: "payout",
          ...overrides,
        },
      });
    },
    async events(prefix = "fiat.") {
      return db
        .select({ type: outboxEvents.type, data: outboxEvents.data })
        .from(outboxEvents)
        .where(and(eq(outboxEvents.orgId, org.orgId), like(outboxEvents.type, `${prefix}%`)))
        .orderBy(asc(outboxEvents.createdAt), asc(outboxEvents.id));
    },
  };
}
