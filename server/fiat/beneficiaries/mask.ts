/**
 * Beneficiary identifiers are shown masked everywhere after entry (API answers, pages, receipts):
 * every character but the last 4 becomes an asterisk. Names and select values stay readable.
 */
const SENSITIVE = new Set([
  "iban",
  "account_number",
  "clabe",
  "pix_key",
  "phone_number",
  "upi_id",
  "email",
  "routing_number",
  "sort_code",
  "rfc",
]);

export function maskValue(value: string): string {
  if (value.length <= 4) return "*".repeat(value.length);
  return "*".repeat(Math.min(value.length - 4, 8)) + value.slice(-4);
}

export function maskBeneficiary(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = SENSITIVE.has(key) ? maskValue(value) : value;
  return out;
}
