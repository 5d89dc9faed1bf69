import {
  ACH_FORM,
  EFT_CA_FORM,
  FASTER_PAYMENTS_FORM,
  GCASH_FORM,
  IMPS_FORM,
  INTERAC_FORM,
  MPESA_FORM,
  NIP_FORM,
  PIX_FORM,
  SEPA_FORM,
  SPEI_FORM,
  UPI_FORM,
  WIRE_FORM,
} from "./forms";
import { PAYIN_METHODS } from "./payin";
import type { MethodType, PaymentMethod } from "./types";

/**
 * The payment-method catalogue (docs/fiat.md "Payment methods"): payout rails (1xx) and payin
 * rails (2xx) across 16 countries. Fees and margins are in the range the big payout platforms
 * publish for each rail; they are configuration, not law, and live here as data.
 */

type Row = Omit<PaymentMethod, "type" | "id" | "fields">;

const sepa = (country: string, name: string): Row => ({
  method_name: `SEPA Credit Transfer (${name})`,
  country,
  currency: "EUR",
  base_currency: "EUR",
  exchange_rate_float: "0.35",
  fee: { float: "0.2", fixed: "0.50" },
  min_amount: "1.00",
  max_amount: "1000000.00",
  eta: "Same or next business day",
});

const payout = (id: number, row: Row, fields: PaymentMethod["fields"]): PaymentMethod => ({
  id,
  type: "payout",
  ...row,
  fields,
});

const PAYOUT_METHODS: readonly PaymentMethod[] = [
  payout(101, sepa("DEU", "Germany"), SEPA_FORM),
  payout(102, sepa("FRA", "France"), SEPA_FORM),
  payout(103, sepa("ESP", "Spain"), SEPA_FORM),
  payout(104, sepa("NLD", "Netherlands"), SEPA_FORM),
  payout(105, sepa("ITA", "Italy"), SEPA_FORM),
  payout(
    110,
    {
      method_name: "Faster Payments",
      country: "GBR",
      currency: "GBP",
      base_currency: "GBP",
      exchange_rate_float: "0.35",
      fee: { float: "0.2", fixed: "0.30" },
      min_amount: "1.00",
      max_amount: "1000000.00",
      eta: "Within minutes",
    },
    FASTER_PAYMENTS_FORM,
  ),
  payout(
    120,
    {
      method_name: "ACH (standard)",
      country: "USA",
      currency: "USD",
      base_currency: "USD",
      exchange_rate_float: "0.4",
      fee: { float: "0", fixed: "1.00" },
      min_amount: "1.00",
      max_amount: "250000.00",
      eta: "1-2 business days",
    },
    ACH_FORM,
  ),
  payout(
    121,
    {
      method_name: "Domestic wire (Fedwire)",
      country: "USA",
      currency: "USD",
      base_currency: "USD",
      exchange_rate_float: "0.4",
      fee: { float: "0", fixed: "15.00" },
      min_amount: "100.00",
      max_amount: "5000000.00",
      eta: "Same business day",
    },
    WIRE_FORM,
  ),
  payout(
    130,
    {
      method_name: "SPEI",
      country: "MEX",
      currency: "MXN",
      base_currency: "MXN",
      exchange_rate_float: "0.6",
      fee: { float: "0.3", fixed: "8.00" },
      min_amount: "20.00",
      max_amount: "5000000.00",
      eta: "Within minutes",
    },
    SPEI_FORM,
  ),
  payout(
    140,
    {
      method_name: "PIX",
      country: "BRA",
      currency: "BRL",
      base_currency: "BRL",
      exchange_rate_float: "0.8",
      fee: { float: "0.5", fixed: "1.50" },
      min_amount: "5.00",
      max_amount: "500000.00",
      eta: "Within seconds",
    },
    PIX_FORM,
  ),
  payout(
    150,
    {
      method_name: "NIP bank transfer",
      country: "NGA",
      currency: "NGN",
      base_currency: "NGN",
      exchange_rate_float: "1.5",
      fee: { float: "0.5", fixed: "100.00" },
      min_amount: "1000.00",
      max_amount: "50000000.00",
      eta: "Within minutes",
    },
    NIP_FORM,
  ),
  payout(
    160,
    {
      method_name: "M-Pesa mobile money",
      country: "KEN",
      currency: "KES",
      base_currency: "KES",
      exchange_rate_float: "1.2",
      fee: { float: "1", fixed: "30.00" },
      min_amount: "50.00",
      max_amount: "250000.00",
      eta: "Within minutes",
    },
    MPESA_FORM,
  ),
  payout(
    170,
    {
      method_name: "IMPS bank transfer",
      country: "IND",
      currency: "INR",
      base_currency: "INR",
      exchange_rate_float: "0.7",
      fee: { float: "0.3", fixed: "25.00" },
      min_amount: "100.00",
      max_amount: "500000.00",
      eta: "Within minutes",
    },
    IMPS_FORM,
  ),
  payout(
    171,
    {
      method_name: "UPI",
      country: "IND",
      currency: "INR",
      base_currency: "INR",
      exchange_rate_float: "0.7",
      fee: { float: "0.3", fixed: "10.00" },
      min_amount: "100.00",
      max_amount: "100000.00",
      eta: "Within seconds",
    },
    UPI_FORM,
  ),
  payout(
    180,
    {
      method_name: "GCash wallet",
      country: "PHL",
      currency: "PHP",
      base_currency: "PHP",
      exchange_rate_float: "1",
      fee: { float: "0.8", fixed: "15.00" },
      min_amount: "100.00",
      max_amount: "100000.00",
      eta: "Within minutes",
    },
    GCASH_FORM,
  ),
  payout(
    190,
    {
      method_name: "Interac e-Transfer",
      country: "CAN",
      currency: "CAD",
      base_currency: "CAD",
      exchange_rate_float: "0.45",
      fee: { float: "0.25", fixed: "1.50" },
      min_amount: "1.00",
      max_amount: "10000.00",
      eta: "Within 30 minutes",
    },
    INTERAC_FORM,
  ),
  payout(
    191,
    {
      method_name: "EFT bank transfer",
      country: "CAN",
      currency: "CAD",
      base_currency: "CAD",
      exchange_rate_float: "0.45",
      fee: { float: "0.2", fixed: "2.00" },
      min_amount: "1.00",
      max_amount: "1000000.00",
      eta: "1-2 business days",
    },
    EFT_CA_FORM,
  ),
];

export const PAYMENT_METHODS: readonly PaymentMethod[] = [...PAYOUT_METHODS, ...PAYIN_METHODS];

const BY_ID = new Map(PAYMENT_METHODS.map((m) => [m.id, m]));

export function methodById(id: number): PaymentMethod | undefined {
  return BY_ID.get(id);
}

export function methodsOfType(type: MethodType): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => m.type === type);
}
