import { describe, expect, it } from "vitest";
import { shippingAddressSchema } from "@/lib/contracts/card-orders";
import { POSTCODE_FORMATS, SHIPPING_COUNTRIES } from "./postcodes";

/** One good and one bad postcode per country, and the forms people type (lower case, no space). */
const CASES: Record<string, { good: string[]; bad: string[] }> = {
  AT: { good: ["1010", "8020"], bad: ["101", "10100"] },
  BE: { good: ["1000"], bad: ["B-1000", "100"] },
  BR: { good: ["01310-100", "01310100"], bad: ["01310-10", "1310-100"] },
  CA: { good: ["K1A 0B1", "k1a0b1"], bad: ["D1A 0B1", "K1A 0B", "12345"] },
  CH: { good: ["8001"], bad: ["80010"] },
  DE: { good: ["10115", "01067"], bad: ["1011", "101155", "D-10115"] },
  ES: { good: ["28013", "52001"], bad: ["53001", "00123", "2801"] },
  FR: { good: ["75008"], bad: ["7500", "75 008"] },
  GB: { good: ["SW1A 1AA", "sw1a1aa", "M1 1AE", "EC1A 1BB", "GIR 0AA"], bad: ["SW1A", "12345", "SW1A 1A"] },
  IE: { good: ["D02 X285", "A65F4E2"], bad: ["B02 X285", "D2 X285"] },
  IN: { good: ["110001"], bad: ["010001", "11001"] },
  IT: { good: ["00184"], bad: ["0018"] },
  KE: { good: ["00100"], bad: ["0010"] },
  MX: { good: ["06600"], bad: ["660"] },
  NG: { good: ["100001"], bad: ["10001"] },
  NL: { good: ["1012 AB", "1012ab"], bad: ["0123 AB", "1012 SA", "1012"] },
  PH: { good: ["1000"], bad: ["10000"] },
  PT: { good: ["1000-001"], bad: ["1000", "1000001"] },
  US: { good: ["10001", "10001-1234"], bad: ["1000", "10001-12", "ABCDE"] },
};

const address = (country: string, postal_code: string) => ({
  line1: "1 Main Street",
  city: "Somewhere",
  postal_code,
  country,
});

describe("shipping address: postcode per country", () => {
  it("covers the 14 countries of the fiat catalogue and every country that has a format", () => {
    for (const c of ["DE", "FR", "ES", "NL", "IT", "GB", "US", "MX", "BR", "NG", "KE", "IN", "PH", "CA"])
      expect(SHIPPING_COUNTRIES).toContain(c);
    expect(Object.keys(CASES).sort()).toEqual([...SHIPPING_COUNTRIES]);
  });

  for (const [country, { good, bad }] of Object.entries(CASES)) {
    it(`${country}: accepts ${good.join(", ")}; refuses ${bad.join(", ")}`, () => {
      for (const postcode of good) {
        const parsed = shippingAddressSchema.safeParse(address(country, postcode));
        expect(parsed.success, `${country} ${postcode}`).toBe(true);
        // Stored as printed on the label: upper case, single spaces.
        expect(parsed.data?.postal_code).toBe(postcode.trim().toUpperCase().replace(/\s+/g, " "));
      }
      for (const postcode of bad) {
        const parsed = shippingAddressSchema.safeParse(address(country, postcode));
        expect(parsed.success, `${country} ${postcode}`).toBe(false);
        const issue = parsed.error!.issues[0]!;
        expect(issue.path).toEqual(["postal_code"]);
        const name = POSTCODE_FORMATS[country as keyof typeof POSTCODE_FORMATS].name;
        expect(issue.message).toContain(name);
      }
    });
  }

  it("refuses a country cards do not ship to, and a missing street or city", () => {
    expect(shippingAddressSchema.safeParse(address("JP", "100-0001")).success).toBe(false);
    expect(shippingAddressSchema.safeParse({ ...address("DE", "10115"), line1: " " }).success).toBe(false);
    expect(shippingAddressSchema.safeParse({ ...address("DE", "10115"), city: "" }).success).toBe(false);
  });
});
