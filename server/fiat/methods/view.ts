import type { BeneficiaryForm, PaymentMethodView } from "@/lib/contracts/fiat";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import type { Ctx } from "@/server/context";
import { methodById, methodsOfType } from "./catalog";
import type { MethodType, PaymentMethod } from "./types";

export function methodView(m: PaymentMethod): PaymentMethodView {
  return {
    id: m.id,
    method_type: m.type,
    method_name: m.method_name,
    country: m.country,
    currency: m.currency,
    base_currency: m.base_currency,
    exchange_rate_float: m.exchange_rate_float,
    fee: { ...m.fee },
    min_amount: m.min_amount,
    max_amount: m.max_amount,
    eta: m.eta,
  };
}

/** GET /payment-methods/payout and /payin, optionally of one country or currency. */
export function listPaymentMethods({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { type: MethodType; country?: string; currency?: string };
}): { methods: PaymentMethodView[] } {
  authorize(ctx, "listPaymentMethods");
  const methods = methodsOfType(input.type).filter(
    (m) =>
      (!input.country || m.country === input.country) && (!input.currency || m.currency === input.currency),
  );
  return { methods: methods.map(methodView) };
}

/**
 * GET /beneficiary/form/show/{payment_method_id}: the fields to collect (404 for an unknown or payin
 * method).
 */
export function beneficiaryForm({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { payment_method_id: number };
}): BeneficiaryForm {
  authorize(ctx, "beneficiaryForm");
  const m = methodById(input.payment_method_id);
  if (!m || m.type !== "payout" || !m.fields)
    throw new ServiceError("NOT_FOUND", `There is no payout method ${input.payment_method_id}.`);
  return {
    payment_method_id: m.id,
    method_name: m.method_name,
    country: m.country,
    fields: m.fields.map((f) => ({
      key: f.key,
      label: f.label,
      type: f.type,
      required: f.required,
      ...(f.max_length !== undefined ? { max_length: f.max_length } : {}),
      ...(f.options ? { options: f.options.map((o) => ({ ...o })) } : {}),
    })),
  };
}
