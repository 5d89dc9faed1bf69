import { createHash } from "node:crypto";
import type { IbanStatus } from "@/lib/contracts/card-account";
import { isSandbox } from "@/lib/env";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { type CardCustomerRow, findCustomer } from "../customers/find";

/**
 * GET /v1/svc-card/{svcCardId}/iban/status (ibanStatusSchema, lib/contracts/cards.ts). An IBAN for SEPA
 * top-ups is a feature of EUR (EURe) card accounts: the sandbox gives every EUR customer with a
 * deployed wallet a stable, valid German IBAN derived from their svc_card_id; anyone else gets
 * activated false with the reason in profile_status and usage. Live mode has no IBAN provider
 * behind it yet and says so.
 */

/** A bank code (BLZ) and BIC for the simulated bank; syntactically valid, owned by nobody. */
const SANDBOX_BANK_CODE = "10020030";
const SANDBOX_BIC = "SVCSDEB1XXX";

/** ISO 13616 check digits: move the country and "00" to the end, letters to numbers, 98 - (n mod 97). */
export function ibanCheckDigits(country: string, bban: string): string {
  const digits = (bban + country + "00").replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return String(98 - rest).padStart(2, "0");
}

/** True when the IBAN's mod-97 remainder is 1 (ISO 7064). */
export function isValidIban(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) && rest === 1;
}

/** DE + check digits + 8-digit bank code + 10-digit account number from a hash of the svc_card_id. */
export function sandboxIbanOf(svcCardId: string): string {
  const hash = createHash("sha256").update(`iban:${svcCardId}`).digest();
  const account = (hash.readBigUInt64BE(0) % 10_000_000_000n).toString().padStart(10, "0");
  const bban = SANDBOX_BANK_CODE + account;
  return `DE${ibanCheckDigits("DE", bban)}${bban}`;
}

function inactive(customer: CardCustomerRow, profileStatus: string, usage: string): IbanStatus {
  return {
    activated: false,
    profile_status: profileStatus,
    iban: { iban: "", bic: "", currency: customer.currency ?? "", status: "inactive" },
    usage,
  };
}

export function ibanStatusOf(customer: CardCustomerRow): IbanStatus {
  if (!isSandbox())
    return inactive(customer, "unavailable", "IBAN top-ups are not offered by this card program.");
  if (customer.kycStatus !== "approved" || !customer.currency)
    return inactive(
      customer,
      "identity_verification_required",
      "An IBAN is offered once identity verification is approved.",
    );
  if (customer.currency !== "EUR")
    return inactive(
      customer,
      "not_eligible",
      `IBAN top-ups are for EUR card accounts; this account is in ${customer.currency}.`,
    );
  if (customer.safeState !== "deployed")
    return inactive(
      customer,
      "wallet_not_deployed",
      "The IBAN is activated once the account wallet is deployed.",
    );
  return {
    activated: true,
    profile_status: "approved",
    iban: { iban: sandboxIbanOf(customer.svcCardId), bic: SANDBOX_BIC, currency: "EUR", status: "active" },
    usage:
      "Send EUR by SEPA transfer to this IBAN to top up the card account; " +
      "the funds arrive as EURe in the account wallet.",
  };
}

export async function getIbanStatus({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string };
}): Promise<IbanStatus> {
  authorize(ctx, "getIbanStatus");
  return ibanStatusOf(await findCustomer(ctx, input.svcCardId));
}
