import { type ErrorDetail, ServiceError } from "@/lib/errors";
import type { PaymentMethod } from "@/server/fiat/methods/types";
import { runCheck } from "./checks";

/**
 * Checks a beneficiary against its payout method's form and answers the normalized values to
 * store; or throws 422 BENEFICIARY_INVALID naming every bad field at once (`errors: {field:
 * [message]}` in the fiat envelope). Rules per field: required (or required because of another
 * field's value), text only, max_length, select options, then the field's own check.
 */
export function validateBeneficiary(method: PaymentMethod, raw: unknown): Record<string, string> {
  const fields = method.fields ?? [];
  const issues: ErrorDetail[] = [];
  const input =
    raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(input))
    if (!known.has(key)) issues.push({ path: key, message: "Not a field of this payment method's form." });

  // First the plain values, so cross-field rules see them.
  const values: Record<string, string> = {};
  for (const field of fields) {
    const v = input[field.key];
    if (v === undefined || v === null) continue;
    if (typeof v !== "string") {
      issues.push({ path: field.key, message: "Must be text." });
      continue;
    }
    if (v.trim()) values[field.key] = v.trim();
  }

  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.key];
    const requiredNow =
      field.required || (field.requiredWhen && values[field.requiredWhen.key] === field.requiredWhen.value);
    if (value === undefined) {
      if (requiredNow && !issues.some((i) => i.path === field.key))
        issues.push({ path: field.key, message: `${field.label} is required.` });
      continue;
    }
    if (field.max_length !== undefined && value.length > field.max_length) {
      issues.push({ path: field.key, message: `At most ${field.max_length} characters.` });
      continue;
    }
    if (field.type === "select") {
      if (!field.options?.some((o) => o.value === value))
        issues.push({
          path: field.key,
          message: `Must be one of: ${(field.options ?? []).map((o) => o.value).join(", ")}.`,
        });
      else out[field.key] = value;
      continue;
    }
    const result = runCheck(field, value, values);
    if (result.ok) out[field.key] = result.value;
    else issues.push({ path: field.key, message: result.message });
  }
  if (issues.length)
    throw new ServiceError("BENEFICIARY_INVALID", "Some beneficiary fields are not valid.", {
      details: issues,
    });
  return out;
}
