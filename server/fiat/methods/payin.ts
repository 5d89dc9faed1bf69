import type { PaymentMethod } from "./types";

/** Payin rails (2xx): how money reaches a fiat wallet through the hosted checkout (docs/fiat.md). */

type Row = Omit<PaymentMethod, "type" | "id" | "fields">;

const payin = (id: number, row: Row): PaymentMethod => ({ id, type: "payin", ...row });

export const PAYIN_METHODS: readonly PaymentMethod[] = [
  payin(201, {
    method_name: "SEPA bank transfer in",
    country: "DEU",
    currency: "EUR",
    base_currency: "EUR",
    exchange_rate_float: "0.35",
    fee: { float: "0", fixed: "0" },
    min_amount: "1.00",
    max_amount: "1000000.00",
    eta: "Same or next business day",
  }),
  payin(202, {
    method_name: "Card payment (Visa / Mastercard)",
    country: "USA",
    currency: "USD",
    base_currency: "USD",
    exchange_rate_float: "0.5",
    fee: { float: "2.9", fixed: "0.30" },
    min_amount: "5.00",
    max_amount: "10000.00",
    eta: "Instant",
  }),
  payin(203, {
    method_name: "ACH debit",
    country: "USA",
    currency: "USD",
    base_currency: "USD",
    exchange_rate_float: "0.4",
    fee: { float: "0.8", fixed: "0" },
    min_amount: "10.00",
    max_amount: "100000.00",
    eta: "3-5 business days",
  }),
  payin(204, {
    method_name: "Open banking (Faster Payments)",
    country: "GBR",
    currency: "GBP",
    base_currency: "GBP",
    exchange_rate_float: "0.35",
    fee: { float: "0.1", fixed: "0.20" },
    min_amount: "1.00",
    max_amount: "50000.00",
    eta: "Instant",
  }),
  payin(205, {
    method_name: "PIX QR",
    country: "BRA",
    currency: "BRL",
    base_currency: "BRL",
    exchange_rate_float: "0.8",
    fee: { float: "0.9", fixed: "0" },
    min_amount: "5.00",
    max_amount: "200000.00",
    eta: "Instant",
  }),
  payin(206, {
    method_name: "SPEI reference",
    country: "MEX",
    currency: "MXN",
    base_currency: "MXN",
    exchange_rate_float: "0.6",
    fee: { float: "0.4", fixed: "5.00" },
    min_amount: "50.00",
    max_amount: "2000000.00",
    eta: "Within minutes",
  }),
  payin(207, {
    method_name: "M-Pesa STK push",
    country: "KEN",
    currency: "KES",
    base_currency: "KES",
    exchange_rate_float: "1.2",
    fee: { float: "1.5", fixed: "0" },
    min_amount: "50.00",
    max_amount: "150000.00",
    eta: "Instant",
  }),
];
