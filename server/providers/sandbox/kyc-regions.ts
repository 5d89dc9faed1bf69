import type { CardCurrency } from "@/server/db/schema/cards";

/**
 * Countries the simulated KYC page offers, and the currency each one's region implies
 * (docs/card-program.md, Onboarding): GB -> GBP, the US -> USD, the EEA and Switzerland -> EUR.
 */
export interface KycCountry {
  code: string;
  name: string;
  currency: CardCurrency;
}

const EEA_AND_CH: [string, string][] = [
  ["AT", "Austria"],
  ["BE", "Belgium"],
  ["BG", "Bulgaria"],
  ["HR", "Croatia"],
  ["CY", "Cyprus"],
  ["CZ", "Czechia"],
  ["DK", "Denmark"],
  ["EE", "Estonia"],
  ["FI", "Finland"],
  ["FR", "France"],
  ["DE", "Germany"],
  ["GR", "Greece"],
  ["HU", "Hungary"],
  ["IS", "Iceland"],
  ["IE", "Ireland"],
  ["IT", "Italy"],
  ["LV", "Latvia"],
  ["LI", "Liechtenstein"],
  ["LT", "Lithuania"],
  ["LU", "Luxembourg"],
  ["MT", "Malta"],
  ["NL", "Netherlands"],
  ["NO", "Norway"],
  ["PL", "Poland"],
  ["PT", "Portugal"],
  ["RO", "Romania"],
  ["SK", "Slovakia"],
  ["SI", "Slovenia"],
  ["ES", "Spain"],
  ["SE", "Sweden"],
  ["CH", "Switzerland"],
];

export const KYC_COUNTRIES: readonly KycCountry[] = [
  ...EEA_AND_CH.map(([code, name]): KycCountry => ({ code, name, currency: "EUR" })),
  { code: "GB", name: "United Kingdom", currency: "GBP" } satisfies KycCountry,
  { code: "US", name: "United States", currency: "USD" } satisfies KycCountry,
].sort((a, b) => a.name.localeCompare(b.name));

const BY_CODE = new Map(KYC_COUNTRIES.map((c) => [c.code, c]));

/** The currency of a supported country, or null for one the program does not serve. */
export function currencyOfCountry(code: string | null | undefined): CardCurrency | null {
  return (code && BY_CODE.get(code.toUpperCase())?.currency) || null;
}

export function isKycCountry(code: string): boolean {
  return BY_CODE.has(code.toUpperCase());
}

/** A representative country per currency, for the sandbox endpoint's `currency` shortcut. */
export const COUNTRY_OF_CURRENCY: Record<CardCurrency, string> = { EUR: "DE", GBP: "GB", USD: "US" };

/** When a decision names no country and the applicant picked none. */
export const DEFAULT_KYC_COUNTRY = "DE";
