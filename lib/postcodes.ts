/**
 * Postcode formats of the countries cards ship to (docs/physical-cards.md, Shipping address): the
 * countries of the fiat catalogue (server/fiat/methods/catalog.ts) plus the rest of the card
 * currencies' region (Austria, Belgium, Ireland, Portugal, Switzerland). Keyed by ISO 3166-1
 * alpha-2, as a shipping address names its country. A format is checked on the value as typed,
 * trimmed and upper-cased, so "sw1a 1aa" passes like "SW1A 1AA".
 */
export const POSTCODE_FORMATS = {
  AT: { name: "Austria", pattern: /^\d{4}$/, example: "1010" },
  BE: { name: "Belgium", pattern: /^\d{4}$/, example: "1000" },
  BR: { name: "Brazil", pattern: /^\d{5}-?\d{3}$/, example: "01310-100" },
  CA: {
    name: "Canada",
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
    example: "K1A 0B1",
  },
  CH: { name: "Switzerland", pattern: /^\d{4}$/, example: "8001" },
  DE: { name: "Germany", pattern: /^\d{5}$/, example: "10115" },
  ES: { name: "Spain", pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: "28013" },
  FR: { name: "France", pattern: /^\d{5}$/, example: "75008" },
  GB: {
    name: "United Kingdom",
    pattern: /^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/,
    example: "SW1A 1AA",
  },
  IE: { name: "Ireland", pattern: /^[AC-FHKNPRTV-Y]\d{2}( ?[AC-FHKNPRTV-Y\d]{4})?$/, example: "D02 X285" },
  IN: { name: "India", pattern: /^[1-9]\d{5}$/, example: "110001" },
  IT: { name: "Italy", pattern: /^\d{5}$/, example: "00184" },
  KE: { name: "Kenya", pattern: /^\d{5}$/, example: "00100" },
  MX: { name: "Mexico", pattern: /^\d{5}$/, example: "06600" },
  NG: { name: "Nigeria", pattern: /^\d{6}$/, example: "100001" },
  NL: { name: "Netherlands", pattern: /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/, example: "1012 AB" },
  PH: { name: "Philippines", pattern: /^\d{4}$/, example: "1000" },
  PT: { name: "Portugal", pattern: /^\d{4}-\d{3}$/, example: "1000-001" },
  US: { name: "United States", pattern: /^\d{5}(-\d{4})?$/, example: "10001" },
} as const;

export type ShippingCountry = keyof typeof POSTCODE_FORMATS;
export const SHIPPING_COUNTRIES = Object.keys(POSTCODE_FORMATS).sort() as ShippingCountry[];

/** The postcode as stored: trimmed, upper-cased, inner spaces collapsed to one. */
export function normalizePostcode(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, " ");
}

/** Null when `postcode` fits the country's format, else the message naming the expected form. */
export function postcodeProblem(country: ShippingCountry, postcode: string): string | null {
  const format = POSTCODE_FORMATS[country];
  if (format.pattern.test(normalizePostcode(postcode))) return null;
  return `Not a postcode of ${format.name} (for example ${format.example}).`;
}
