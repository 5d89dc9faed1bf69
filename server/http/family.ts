/**
 * The three envelope families (docs/errors.md, Envelopes). The family follows from the path, so
 * an unknown route under a fiat path still answers in the fiat shape.
 */
export type Family = "card" | "fiat" | "apikey";

const FIAT_PATH =
  /^\/api\/v1\/(?:exchange-rate|wallet|beneficiary|payment-methods|sendmoney|business)(?:\/|$)/;
const APIKEY_PATH = /^\/api\/apikey(?:\/|$)/;

export function familyOf(path: string): Family {
  if (FIAT_PATH.test(path)) return "fiat";
  if (APIKEY_PATH.test(path)) return "apikey";
  return "card";
}
