import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import type { FormFieldDef } from "@/server/fiat/methods/types";

/**
 * One check per kind of beneficiary field (docs/fiat.md "Beneficiary validation"). Each takes the
 * trimmed value and returns the normalized value to store, or an error message. IBAN, BIC and
 * phone numbers go through ibantools and libphonenumber-js; ABA routing numbers, CLABEs, CPFs and
 * CNPJs are checked by their published check-digit algorithms.
 */
export type CheckResult = { ok: true; value: string } | { ok: false; message: string };

const good = (value: string): CheckResult => ({ ok: true, value });
const bad = (message: string): CheckResult => ({ ok: false, message });
const digitsOf = (s: string) => s.replace(/[\s-]/g, "");
const isDigits = (s: string) => /^\d+$/.test(s);

/** ABA routing number: 9 digits, 3-7-1 weighted sum divisible by 10. */
export function isValidAba(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** CLABE: 18 digits; the last is (10 - sum((d_i * [3,7,1]_i) mod 10) mod 10) mod 10 over the first 17. */
export function isValidClabe(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(value[i]) * weights[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

function mod11Digit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Brazilian CPF: 11 digits, two mod-11 check digits, not all the same digit. */
export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  const first = mod11Digit(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11Digit(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === d[9] && second === d[10];
}

/** Brazilian CNPJ: 14 digits, two mod-11 check digits. */
export function isValidCnpj(value: string): boolean {
  if (!/^\d{14}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  const d = [...value].map(Number);
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const first = mod11Digit(d.slice(0, 12), w1);
  const second = mod11Digit(d.slice(0, 13), [6, ...w1]);
  return first === d[12] && second === d[13];
}

function phone(value: string, country: string | undefined): CheckResult {
  const parsed = parsePhoneNumberFromString(value, country as CountryCode | undefined);
  if (!parsed || !parsed.isValid()) return bad("Not a valid phone number.");
  if (country && parsed.country !== country) return bad(`Must be a number of country ${country}.`);
  return good(parsed.number);
}

const emailSchema = z.email();

function email(value: string): CheckResult {
  return emailSchema.safeParse(value).success ? good(value.toLowerCase()) : bad("Not a valid email address.");
}

function pixKey(value: string, keyType: string | undefined): CheckResult {
  switch (keyType) {
    case "cpf":
      return isValidCpf(digitsOf(value).replace(/\./g, ""))
        ? good(value.replace(/\D/g, ""))
        : bad("Not a valid CPF.");
    case "cnpj":
      return isValidCnpj(value.replace(/\D/g, ""))
        ? good(value.replace(/\D/g, ""))
        : bad("Not a valid CNPJ.");
    case "email":
      return email(value);
    case "phone":
      return phone(value, "BR");
    case "evp":
      return z.uuid().safeParse(value).success
        ? good(value.toLowerCase())
        : bad("Not a valid random key (UUID).");
    default:
      return bad("Choose the PIX key type first.");
  }
}

/** Runs the field's check; `values` gives cross-field context (the PIX key's type). */
export function runCheck(field: FormFieldDef, value: string, values: Record<string, string>): CheckResult {
  switch (field.check) {
    case undefined:
      return good(value);
    case "name":
      return /^[\p{L}\p{M}][\p{L}\p{M}' .,&()-]*$/u.test(value) ? good(value) : bad("Use letters only.");
    case "iban": {
      const iban = electronicFormatIBAN(value) ?? "";
      return isValidIBAN(iban) ? good(iban) : bad("Not a valid IBAN (check digits or length).");
    }
    case "bic": {
      const bic = value.replace(/\s/g, "").toUpperCase();
      return isValidBIC(bic) ? good(bic) : bad("Not a valid BIC.");
    }
    case "phone":
      return phone(value, field.phoneCountry);
    case "email":
      return email(value);
    case "aba_routing":
      return isValidAba(value) ? good(value) : bad("Not a valid ABA routing number (check digit).");
    case "clabe":
      return isValidClabe(digitsOf(value))
        ? good(digitsOf(value))
        : bad("Not a valid CLABE (18 digits, check digit).");
    case "sort_code": {
      const code = digitsOf(value);
      return /^\d{6}$/.test(code) ? good(code) : bad("A sort code has 6 digits (12-34-56).");
    }
    case "uk_account_number":
      return /^\d{8}$/.test(value) ? good(value) : bad("A UK account number has 8 digits.");
    case "digits": {
      const { min, max } = field.digits ?? { min: 1, max: 34 };
      const v = digitsOf(value);
      if (!isDigits(v) || v.length < min || v.length > max)
        return bad(min === max ? `Must be ${min} digits.` : `Must be ${min} to ${max} digits.`);
      return good(v);
    }
    case "ifsc":
      return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value.toUpperCase())
        ? good(value.toUpperCase())
        : bad("Not a valid IFSC (4 letters, 0, 6 letters or digits).");
    case "upi_id":
      return /^[\w.-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/.test(value)
        ? good(value)
        : bad("Not a valid UPI ID.");
    case "pix_key":
      return pixKey(value, values.pix_key_type);
    case "ca_institution":
      return /^\d{3}$/.test(value) ? good(value) : bad("An institution number has 3 digits.");
    case "ca_transit":
      return /^\d{5}$/.test(value) ? good(value) : bad("A transit number has 5 digits.");
  }
}
