/**
 * The payment-method catalogue's shapes (docs/fiat.md "Payment methods"). A method is data: its
 * currency, fee structure, limits and, for payouts, the beneficiary form it collects.
 */

export type MethodType = "payout" | "payin";

/** How a beneficiary field's value is checked, beyond required / max_length / options. */
export type FieldCheck =
  | "iban"
  | "bic"
  | "phone"
  | "aba_routing"
  | "clabe"
  | "sort_code"
  | "uk_account_number"
  | "digits"
  | "email"
  | "ifsc"
  | "upi_id"
  | "pix_key"
  | "ca_transit"
  | "ca_institution"
  | "name";

export interface FormFieldDef {
  key: string;
  label: string;
  type: "text" | "select";
  required: boolean;
  /** Internal: also required when another field has this value (Interac: email or phone). */
  requiredWhen?: { key: string; value: string };
  max_length?: number;
  options?: { value: string; label: string }[];
  /** Internal: how the value is validated; not part of the public form. */
  check?: FieldCheck;
  /** For check "phone": the country the number belongs to (ISO 3166 alpha-2). */
  phoneCountry?: string;
  /** For check "digits": exact length(s) allowed. */
  digits?: { min: number; max: number };
}

export interface PaymentMethod {
  id: number;
  type: MethodType;
  method_name: string;
  /** ISO 3166 alpha-3. */
  country: string;
  /** The currency the rail delivers (payout) or collects (payin). */
  currency: string;
  /** The currency the fixed fee and the min/max amounts are stated in. */
  base_currency: string;
  /** The method's FX margin on the mid rate, in percent, as a decimal string ("0.5" = 0.5 %). */
  exchange_rate_float: string;
  fee: {
    /** Percentage of the amount, as a decimal string ("1.2" = 1.2 %). */
    float: string;
    /** Flat fee in base_currency, as a decimal string. */
    fixed: string;
  };
  /** Limits in base_currency, as decimal strings. */
  min_amount: string;
  max_amount: string;
  /** Typical settlement time, for display. */
  eta: string;
  /** Payout methods: the beneficiary form. Payin methods have none. */
  fields?: FormFieldDef[];
}
