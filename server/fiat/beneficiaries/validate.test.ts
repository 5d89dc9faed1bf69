import { describe, expect, it } from "vitest";
import { ServiceError } from "@/lib/errors";
import { methodById } from "@/server/fiat/methods/catalog";
import { isValidAba, isValidClabe, isValidCnpj, isValidCpf } from "./checks";
import { maskBeneficiary } from "./mask";
import { validateBeneficiary } from "./validate";

function errorsOf(methodId: number, values: unknown): Record<string, string[]> {
  try {
    validateBeneficiary(methodById(methodId)!, values);
  } catch (e) {
    expect(e).toBeInstanceOf(ServiceError);
    expect((e as ServiceError).code).toBe("BENEFICIARY_INVALID");
    const out: Record<string, string[]> = {};
    for (const d of (e as ServiceError).details ?? []) (out[d.path] ??= []).push(d.message);
    return out;
  }
  throw new Error("expected BENEFICIARY_INVALID");
}

describe("check digits", () => {
  it("ABA routing numbers: 3-7-1 weights", () => {
    expect(isValidAba("021000021")).toBe(true); // JPMorgan Chase, New York
    expect(isValidAba("011000015")).toBe(true); // Federal Reserve Bank of Boston
    expect(isValidAba("021000022")).toBe(false);
    expect(isValidAba("02100002")).toBe(false);
  });
  it("CLABE: 3-7-1 weights mod 10", () => {
    expect(isValidClabe("032180000118359719")).toBe(true);
    expect(isValidClabe("032180000118359718")).toBe(false);
    expect(isValidClabe("03218000011835971")).toBe(false);
  });
  it("CPF and CNPJ: two mod-11 digits; repeated digits refused", () => {
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("52998224726")).toBe(false);
    expect(isValidCpf("11111111111")).toBe(false);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("11222333000182")).toBe(false);
  });
});

describe("beneficiary forms", () => {
  it("SEPA: IBAN and BIC through ibantools, normalized to electronic form", () => {
    const v = validateBeneficiary(methodById(101)!, {
      beneficiary_name: "Ada Lovelace",
      beneficiary_type: "individual",
      iban: "de89 3704 0044 0532 0130 00",
      bic: "cobadeffxxx",
    });
    expect(v).toEqual({
      beneficiary_name: "Ada Lovelace",
      beneficiary_type: "individual",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
    });
  });

  it("names every bad field at once: bad IBAN, missing name, unknown option, too long, unknown key", () => {
    expect(
      errorsOf(101, {
        beneficiary_type: "robot",
        iban: "DE89370400440532013001",
        bic: "NOTABIC",
        email: `${"a".repeat(250)}@x.io`,
        extra: "x",
      }),
    ).toEqual({
      extra: ["Not a field of this payment method's form."],
      beneficiary_name: ["Full name of the account holder is required."],
      beneficiary_type: ["Must be one of: individual, business."],
      iban: ["Not a valid IBAN (check digits or length)."],
      bic: ["Not a valid BIC."],
      email: ["At most 254 characters."],
    });
  });

  it.each([
    [110, { sort_code: "12-34-5", account_number: "1234567" }, ["sort_code", "account_number"]],
    [
      120,
      { routing_number: "021000022", account_number: "12", account_type: "loan" },
      ["routing_number", "account_number", "account_type"],
    ],
    [130, { clabe: "032180000118359718" }, ["clabe"]],
    [140, { pix_key_type: "cpf", pix_key: "529.982.247-26" }, ["pix_key"]],
    [150, { bank_code: "999", account_number: "123456789" }, ["bank_code", "account_number"]],
    [160, { phone_number: "+14165550123" }, ["phone_number"]],
    [170, { ifsc: "SBIN1000300", account_number: "12345678" }, ["ifsc", "account_number"]],
    [171, { upi_id: "no-handle" }, ["upi_id"]],
    [180, { phone_number: "12345" }, ["phone_number"]],
    [
      191,
      { institution_number: "1", transit_number: "123", account_number: "12" },
      ["institution_number", "transit_number", "account_number"],
    ],
  ])("method %i refuses the bad fields it is given", (id, values, bad) => {
    const hasType = methodById(id)!.fields!.some((f) => f.key === "beneficiary_type");
    const type = hasType ? { beneficiary_type: "individual" } : {};
    const errors = errorsOf(id, { beneficiary_name: "Grace Hopper", ...type, ...values });
    expect(Object.keys(errors).sort()).toEqual([...bad].sort());
  });

  it.each([
    [110, { sort_code: "12-34-56", account_number: "31926819" }, { sort_code: "123456" }],
    [120, { routing_number: "021000021", account_number: "000123456789", account_type: "checking" }, {}],
    [130, { clabe: "032180000118359719" }, { clabe: "032180000118359719" }],
    [140, { pix_key_type: "cpf", pix_key: "529.982.247-25" }, { pix_key: "52998224725" }],
    [140, { pix_key_type: "phone", pix_key: "(11) 91234-5678" }, { pix_key: "+5511912345678" }],
    [160, { phone_number: "0712 345 678" }, { phone_number: "+254712345678" }],
    [170, { ifsc: "sbin0000300", account_number: "123456789012" }, { ifsc: "SBIN0000300" }],
    [180, { phone_number: "0917 123 4567" }, { phone_number: "+639171234567" }],
  ])("method %i accepts good values and normalizes them", (id, values, normalized) => {
    const out = validateBeneficiary(methodById(id)!, {
      beneficiary_name: "Grace Hopper",
      ...(id === 110 || id === 120 || id === 130 ? { beneficiary_type: "business" } : {}),
      ...values,
    });
    expect(out).toMatchObject(normalized);
  });

  it("Interac: email or phone becomes required by the delivery choice", () => {
    expect(errorsOf(190, { beneficiary_name: "Lee Chan", delivery: "email" })).toEqual({
      email: ["Email for payment notifications is required."],
    });
    expect(errorsOf(190, { beneficiary_name: "Lee Chan", delivery: "phone" })).toEqual({
      phone_number: ["Mobile number is required."],
    });
    expect(
      validateBeneficiary(methodById(190)!, {
        beneficiary_name: "Lee Chan",
        delivery: "phone",
        phone_number: "+1 416 555 0123",
      }),
    ).toMatchObject({ phone_number: "+14165550123" });
  });

  it("a value that is not text is refused, not coerced", () => {
    expect(errorsOf(171, { beneficiary_name: "Ravi", upi_id: 42 })).toEqual({ upi_id: ["Must be text."] });
  });

  it("masks account identifiers to their last 4 characters", () => {
    expect(
      maskBeneficiary({ beneficiary_name: "Ada", iban: "DE89370400440532013000", sort_code: "123" }),
    ).toEqual({
      beneficiary_name: "Ada",
      iban: "********3000",
      sort_code: "***",
    });
  });
});
