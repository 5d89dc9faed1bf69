import { registerCardEventsInbound } from "@/server/cards/lifecycle/inbound";
import type { Db } from "@/server/db/client";
import { providers } from "@/server/providers/current";
import { type InboundEvent, registerInboundHandler } from "@/server/providers/inbound";
import { applyKycResult } from "./onboarding/kyc";
import { lockCustomerByRecordId } from "./onboarding/progress";
import { applySafeDeployed, applySafeFailed } from "./onboarding/safe";

/**
 * What the card program does with upstream news (server/providers/inbound.ts). Each handler runs
 * in the transaction the upstream delivers in, locks the customer named by the event (our record
 * id) and ignores a customer it does not know, as a webhook receiver must.
 */
export function registerCardInboundHandlers(): void {
  registerInboundHandler("kyc.status.changed", onKycStatusChanged);
  registerInboundHandler("account.safe.deployed", async (db, e) => {
    const customer = await lockCustomerByRecordId(db, e.orgId, e.data.owner_ref);
    if (customer)
      await applySafeDeployed(db, customer, {
        address: e.data.address,
        accountStatus: e.data.account_status,
      });
  });
  registerInboundHandler("account.safe.failed", async (db, e) => {
    const customer = await lockCustomerByRecordId(db, e.orgId, e.data.owner_ref);
    if (customer) await applySafeFailed(db, customer, { address: e.data.address });
  });
  // Card news (PIN changed, physical card activated) belongs to the cards domain.
  registerCardEventsInbound();
}

/**
 * The event only says that something changed; the status and currency are asked of the provider, as with a
 * real one.
 */
async function onKycStatusChanged(
  db: Db,
  e: Extract<InboundEvent, { type: "kyc.status.changed" }>,
): Promise<void> {
  const customer = await lockCustomerByRecordId(db, e.orgId, e.data.external_ref);
  if (!customer) return;
  const result = await providers().kyc.getStatus(db, { orgId: e.orgId, applicantId: e.data.applicant_id });
  if (!result) return;
  await applyKycResult(db, customer, { ...result, applicantId: e.data.applicant_id });
}
