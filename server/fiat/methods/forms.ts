import type { FormFieldDef } from "./types";

/**
 * The beneficiary forms of the payout methods: what each rail needs to reach an account, as the
 * rail's own rules state it (docs/fiat.md "Beneficiary validation"). Shared blocks first.
 */

const fullName: FormFieldDef = {
  key: "beneficiary_name",
  label: "Full name of the account holder",
  type: "text",
  required: true,
  max_length: 70,
  check: "name",
};

const accountType: FormFieldDef = {
  key: "beneficiary_type",
  label: "Beneficiary type",
  type: "select",
  required: true,
  options: [
    { value: "individual", label: "Individual" },
    { value: "business", label: "Business" },
  ],
};

const email = (required: boolean): FormFieldDef => ({
  key: "email",
  label: "Email for payment notifications",
  type: "text",
  required,
  max_length: 254,
  check: "email",
});

const phone = (country: string, label = "Mobile number"): FormFieldDef => ({
  key: "phone_number",
  label,
  type: "text",
  required: true,
  max_length: 20,
  check: "phone",
  phoneCountry: country,
});

export const SEPA_FORM: FormFieldDef[] = [
  fullName,
  accountType,
  { key: "iban", label: "IBAN", type: "text", required: true, max_length: 34, check: "iban" },
  { key: "bic", label: "BIC / SWIFT", type: "text", required: false, max_length: 11, check: "bic" },
  email(false),
];

export const FASTER_PAYMENTS_FORM: FormFieldDef[] = [
  fullName,
  accountType,
  { key: "sort_code", label: "Sort code", type: "text", required: true, max_length: 8, check: "sort_code" },
  {
    key: "account_number",
    label: "Account number",
    type: "text",
    required: true,
    max_length: 8,
    check: "uk_account_number",
  },
  email(false),
];

const usBank = (extra: FormFieldDef[]): FormFieldDef[] => [
  fullName,
  accountType,
  {
    key: "routing_number",
    label: "ABA routing number",
    type: "text",
    required: true,
    max_length: 9,
    check: "aba_routing",
  },
  {
    key: "account_number",
    label: "Account number",
    type: "text",
    required: true,
    max_length: 17,
    check: "digits",
    digits: { min: 4, max: 17 },
  },
  {
    key: "account_type",
    label: "Account type",
    type: "select",
    required: true,
    options: [
      { value: "checking", label: "Checking" },
      { value: "savings", label: "Savings" },
    ],
  },
  ...extra,
];

export const ACH_FORM = usBank([email(false)]);

export const WIRE_FORM = usBank([
  {
    key: "address_line",
    label: "Beneficiary street address",
    type: "text",
    required: true,
    max_length: 140,
  },
  { key: "city", label: "City", type: "text", required: true, max_length: 35 },
  { key: "postal_code", label: "ZIP code", type: "text", required: true, max_length: 10 },
]);

export const SPEI_FORM: FormFieldDef[] = [
  fullName,
  accountType,
  { key: "clabe", label: "CLABE (18 digits)", type: "text", required: true, max_length: 18, check: "clabe" },
  { key: "rfc", label: "RFC / CURP", type: "text", required: false, max_length: 18 },
];

export const PIX_FORM: FormFieldDef[] = [
  fullName,
  {
    key: "pix_key_type",
    label: "PIX key type",
    type: "select",
    required: true,
    options: [
      { value: "cpf", label: "CPF" },
      { value: "cnpj", label: "CNPJ" },
      { value: "email", label: "Email" },
      { value: "phone", label: "Phone" },
      { value: "evp", label: "Random key (EVP)" },
    ],
  },
  { key: "pix_key", label: "PIX key", type: "text", required: true, max_length: 77, check: "pix_key" },
];

export const NIP_FORM: FormFieldDef[] = [
  fullName,
  {
    key: "bank_code",
    label: "Bank",
    type: "select",
    required: true,
    options: [
      { value: "044", label: "Access Bank" },
      { value: "058", label: "Guaranty Trust Bank" },
      { value: "011", label: "First Bank of Nigeria" },
      { value: "033", label: "United Bank for Africa" },
      { value: "057", label: "Zenith Bank" },
      { value: "50211", label: "Kuda Microfinance Bank" },
    ],
  },
  {
    key: "account_number",
    label: "NUBAN account number (10 digits)",
    type: "text",
    required: true,
    max_length: 10,
    check: "digits",
    digits: { min: 10, max: 10 },
  },
];

export const MPESA_FORM: FormFieldDef[] = [fullName, phone("KE", "M-Pesa mobile number")];

export const IMPS_FORM: FormFieldDef[] = [
  fullName,
  { key: "ifsc", label: "IFSC", type: "text", required: true, max_length: 11, check: "ifsc" },
  {
    key: "account_number",
    label: "Account number",
    type: "text",
    required: true,
    max_length: 18,
    check: "digits",
    digits: { min: 9, max: 18 },
  },
];

export const UPI_FORM: FormFieldDef[] = [
  fullName,
  { key: "upi_id", label: "UPI ID (VPA)", type: "text", required: true, max_length: 50, check: "upi_id" },
];

export const GCASH_FORM: FormFieldDef[] = [fullName, phone("PH", "GCash mobile number")];

export const INTERAC_FORM: FormFieldDef[] = [
  fullName,
  {
    key: "delivery",
    label: "Send the transfer to",
    type: "select",
    required: true,
    options: [
      { value: "email", label: "Email" },
      { value: "phone", label: "Mobile number" },
    ],
  },
  { ...email(false), requiredWhen: { key: "delivery", value: "email" } },
  {
    key: "phone_number",
    label: "Mobile number",
    type: "text",
    required: false,
    requiredWhen: { key: "delivery", value: "phone" },
    max_length: 20,
    check: "phone",
    phoneCountry: "CA",
  },
];

export const EFT_CA_FORM: FormFieldDef[] = [
  fullName,
  {
    key: "institution_number",
    label: "Institution number (3 digits)",
    type: "text",
    required: true,
    max_length: 3,
    check: "ca_institution",
  },
  {
    key: "transit_number",
    label: "Transit number (5 digits)",
    type: "text",
    required: true,
    max_length: 5,
    check: "ca_transit",
  },
  {
    key: "account_number",
    label: "Account number",
    type: "text",
    required: true,
    max_length: 12,
    check: "digits",
    digits: { min: 7, max: 12 },
  },
];
