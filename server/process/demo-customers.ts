import { cardsOf } from "@/server/cards/customers/find";
import { freezeCard } from "@/server/cards/lifecycle/change-status";
import { createVirtualCard } from "@/server/cards/lifecycle/create-virtual";
import { deploySafe } from "@/server/cards/onboarding/safe";
import { walkTo } from "@/server/cards/onboarding/sandbox-walk";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { settleCardTransaction } from "@/server/issuer/card-network/settle";
import { fundCustomer } from "@/server/issuer/funding/fund-customer";
import { receiveDeposit } from "@/server/issuer/master-wallet/deposits";
import { storeCardPin } from "@/server/providers/sandbox/card-provider";
import { completeSafeDeployment, safeAddressOf } from "@/server/providers/sandbox/chain";
import { decideApplicant } from "@/server/providers/sandbox/kyc";

/**
 * The demo program's card customers, one at each place a real program has them, walked through
 * the real onboarding steps (sandbox simulators, codes read from the dev outbox) so every page of
 * the console has something true to show on first start.
 */
export async function seedDemoCustomers(db: Db, orgId: string): Promise<void> {
  const ctx: Ctx = { db, orgId, actor: { type: "system", reason: "demo program" } };
  await walkTo(ctx, "email_verification", { email: "new.signup@demo.test" });
  await walkTo(ctx, "identity_verification", { email: "kyc.pending@demo.test" });
  const rejected = await walkTo(ctx, "identity_verification", { email: "kyc.rejected@demo.test" });
  await decideApplicant(db, {
    orgId,
    externalRef: rejected.id,
    email: rejected.email,
    decision: "rejected",
    country: "DE",
  });
  await walkTo(ctx, "phone_verification", { email: "phone.next@demo.test", country: "US" });

  // The issuer's master wallets, topped up once (one-step deposits), fund the active customers.
  for (const currency of ["USD", "EUR", "GBP"] as const)
    await receiveDeposit({ ctx, input: { currency, amount: 5_000_000, two_step: false } });

  const active = [
    { email: "ada.lovelace@demo.test", country: "GB", phone: "+447700900101", pin: "4829", frozen: false },
    { email: "grace.hopper@demo.test", country: "US", phone: "+12025550147", pin: null, frozen: false },
    { email: "jean.bartik@demo.test", country: "DE", phone: "+4915112345678", pin: "7351", frozen: true },
  ];
  for (const a of active) {
    const customer = await walkTo(ctx, "account_setup", {
      email: a.email,
      country: a.country,
      phone: a.phone,
    });
    await deploySafe({ ctx, input: { svcCardId: customer.svcCardId } });
    // The chain's job would finish the deployment a few seconds later; the demo does it now.
    await completeSafeDeployment(db, { orgId, address: safeAddressOf(orgId, customer.id) });
    const card = await createVirtualCard({ ctx, input: { svcCardId: customer.svcCardId } });
    if (a.pin) {
      const [row] = await cardsOf(db, orgId, customer.id);
      // What the cardholder does on the secure page; the provider reports it and pin_set follows.
      await db.transaction((tx) => storeCardPin(tx, { cardToken: row!.cardToken, pin: a.pin! }));
    }
    const currency = customer.currency!;
    await fundCustomer({ ctx, input: { customer_id: customer.svcCardId, amount: 50_000, currency } });
    // A little card traffic: two settled purchases and one still authorized.
    const purchases = [
      {
        amount: 1_250,
        merchant: "Corner Coffee",
        merchant_category: "5814",
        merchant_city: "London",
        merchant_country: "GB",
        settle: true,
      },
      {
        amount: 8_999,
        merchant: "Metro Books",
        merchant_category: "5942",
        merchant_city: "Berlin",
        merchant_country: "DE",
        settle: true,
      },
      {
        amount: 4_200,
        merchant: "City Grocer",
        merchant_category: "5411",
        merchant_city: "New York",
        merchant_country: "US",
        settle: false,
      },
    ];
    for (const p of purchases) {
      const txn = await authorizeCardTransaction({
        ctx,
        input: {
          card_id: card.card_id,
          amount: p.amount,
          currency,
          merchant: p.merchant,
          merchant_category: p.merchant_category,
          merchant_city: p.merchant_city,
          merchant_country: p.merchant_country,
          type: "purchase",
        },
      });
      if (p.settle && txn.status === "authorized")
        await settleCardTransaction({ ctx, input: { transactionId: txn.transaction_id } });
    }
    if (a.frozen) {
      await freezeCard({ ctx, input: { svcCardId: customer.svcCardId, cardId: card.card_id } });
      // Declined: the card is frozen.
      await authorizeCardTransaction({
        ctx,
        input: {
          card_id: card.card_id,
          amount: 2_000,
          currency,
          merchant: "Late Night Taxi",
          merchant_category: "4121",
          merchant_city: "Munich",
          merchant_country: "DE",
          type: "purchase",
        },
      });
    }
  }
}
