import { newId, randomBase62 } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { cardCustomers } from "@/server/db/schema/cards";
import type { CardCustomerRow } from "@/server/cards/customers/find";
import { uniqueEmail } from "./fixtures";

/**
 * A card customer who finished every onboarding step but the card (step 5, account_setup):
 * email verified, KYC approved with a currency, source of funds answered, phone verified and
 * the wallet deployed (our record). Built straight in the database so the card tests do not
 * depend on the onboarding code; `overrides` takes any column (e.g. phoneVerifiedAt: null).
 */
export async function createReadyCustomer(db: Db, orgId: string, overrides: Partial<typeof cardCustomers.$inferInsert> = {}): Promise<CardCustomerRow> {
  const now = new Date();
  const [row] = await db
    .insert(cardCustomers)
    .values({
      id: newId("cus"),
      svcCardId: newId("sc"),
      orgId,
      email: uniqueEmail("cardholder"),
      origin: "issuer",
      externalId: `ext-${randomBase62(8)}`,
      step: 5,
      flowStatus: "account_setup",
      emailVerifiedAt: now,
      kycStatus: "approved",
      kycUpdatedAt: now,
      currency: "EUR",
      sourceOfFunds: [{ question: "employment_status", answer: "employed" }],
      sourceOfFundsAt: now,
      phone: "+4915112345678",
      phoneVerifiedAt: now,
      safeState: "deployed",
      safeAddress: `0x${randomBase62(40).replace(/[^0-9a-f]/gi, "a").toLowerCase().slice(0, 40).padEnd(40, "0")}`,
      safeRequestedAt: now,
      safeDeployedAt: now,
      accountStatus: 0,
      ...overrides,
    })
    .returning();
  return row!;
}
