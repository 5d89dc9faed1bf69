import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import { createVirtualCard } from "@/server/cards/cards/create-virtual";
import { freezeCard } from "@/server/cards/cards/change-status";
import { cardsOf } from "@/server/cards/customers/find";
import { walkTo } from "@/server/cards/onboarding/sandbox-walk";
import { deploySafe } from "@/server/cards/onboarding/safe";
import { decideApplicant } from "@/server/providers/sandbox/kyc";
import { completeSafeDeployment, safeAddressOf } from "@/server/providers/sandbox/chain";
import { storeCardPin } from "@/server/providers/sandbox/card-provider";

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
  await decideApplicant(db, { orgId, externalRef: rejected.id, email: rejected.email, decision: "rejected", country: "DE" });
  await walkTo(ctx, "phone_verification", { email: "phone.next@demo.test", country: "US" });

  const active = [
    { email: "ada.lovelace@demo.test", country: "GB", phone: "+447700900101", pin: "4829", frozen: false },
    { email: "grace.hopper@demo.test", country: "US", phone: "+12025550147", pin: null, frozen: false },
    { email: "jean.bartik@demo.test", country: "DE", phone: "+4915112345678", pin: "7351", frozen: true },
  ];
  for (const a of active) {
    const customer = await walkTo(ctx, "account_setup", { email: a.email, country: a.country, phone: a.phone });
    await deploySafe({ ctx, input: { svcCardId: customer.svcCardId } });
    // The chain's job would finish the deployment a few seconds later; the demo does it now.
    await completeSafeDeployment(db, { orgId, address: safeAddressOf(orgId, customer.id) });
    const card = await createVirtualCard({ ctx, input: { svcCardId: customer.svcCardId } });
    if (a.pin) {
      const [row] = await cardsOf(db, orgId, customer.id);
      // What the cardholder does on the secure page; the provider reports it and pin_set follows.
      await db.transaction((tx) => storeCardPin(tx, { cardToken: row!.cardToken, pin: a.pin! }));
    }
    if (a.frozen) await freezeCard({ ctx, input: { svcCardId: customer.svcCardId, cardId: card.card_id } });
  }
}
