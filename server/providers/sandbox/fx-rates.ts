/**
 * The sandbox's mid-market rates: units of each currency per one US dollar, as decimal strings
 * (a snapshot of late-2025 market levels). Every currency of the payment-method catalogue is
 * here; a test checks that (server/fiat/methods/catalog.test.ts).
 */
export const SANDBOX_MID_RATES: Readonly<Record<string, string>> = {
  USD: "1",
  EUR: "0.92",
  GBP: "0.79",
  CAD: "1.36",
  MXN: "17.05",
  BRL: "5.02",
  NGN: "1550",
  KES: "129.5",
  INR: "83.3",
  PHP: "56.2",
};
