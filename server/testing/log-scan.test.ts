import path from "node:path";
import { describe, expect, it } from "vitest";
import { externalIdLiterals, scanLog } from "./log-scan";

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, msg: "x", ...fields });

describe("scanLog", () => {
  it("finds e-mails, secrets, tokens, card numbers, external ids and lines that are not JSON", () => {
    const text = [
      line({ email: "jane.doe+1@example.test" }),
      line({ note: "sk_test_abcdefghijklmnopqrstuvwxyz0123456789ABCD" }),
      line({ note: "whsec_c2VjcmV0c2VjcmV0c2VjcmV0" }),
      line({ note: "Bearer svc_ut_AbCdEfGhIjKlMnOp" }),
      line({ pan: "4242 4242 4242 4242" }),
      line({ pan: "5555555555554444" }),
      line({ path: "/api/v1/card-issuer/customers/crm-secret" }),
      "Error: raw print\n    at x (/a.ts:1:1)",
    ].join("\n");
    expect(scanLog(text, ["crm-secret"]).map((f) => f.kind)).toEqual([
      "email",
      "api secret",
      "webhook secret",
      "bearer token",
      "card number",
      "card number",
      "external id",
      "not JSON",
      "not JSON",
    ]);
  });

  it("passes ids, timestamps, amounts and numbers that fail the Luhn check", () => {
    const text = [
      line({ requestId: "req_4n87f1U5DQ3aKOGzOVSG", time: 1795464293011, orgId: "org_F37DlxrhYEuN0XPJL0qj" }),
      line({ amount_minor: 123456789012, card: "4242424242424241", at: "2026-11-23T20:04:15.000Z" }),
      line({ email: "[redacted]", route: "/api/v1/card-issuer/customers/:customerId" }),
    ].join("\n");
    expect(scanLog(text, ["crm-secret"])).toEqual([]);
  });
});

describe("externalIdLiterals", () => {
  it("reads the external ids the test sources use", () => {
    const literals = externalIdLiterals([path.resolve("server")]);
    expect(literals).toEqual(expect.arrayContaining(["crm-42", "walk-1"]));
  });
});
