import { afterEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import type { Ctx } from "@/server/context";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { DISPUTE_REASONS, listDisputeReasons } from "./dispute-reasons";
import { getIbanStatus, ibanCheckDigits, isValidIban, sandboxIbanOf } from "./iban";

const database = withTestDatabase();
afterEach(() => setEnvForTests({ SVC_MODE: undefined }));

const keyCtx = (orgId: string): Ctx => ({
  db: database.db,
  orgId,
  actor: { type: "apiKey", keyId: "key_iban", scopes: ["read"] },
});

describe("IBAN status", () => {
  it("check digits follow ISO 13616 (known IBANs) and a changed digit fails the check", () => {
    expect(ibanCheckDigits("DE", "370400440532013000")).toBe("89");
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("GB29NWBK60161331926819")).toBe(true);
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    for (const id of ["sc_a", "sc_b", "sc_0000", "sc_zzzzzzzzzzzzzzzzzzzz"]) {
      const iban = sandboxIbanOf(id);
      expect(iban).toMatch(/^DE\d{20}$/);
      expect(isValidIban(iban), iban).toBe(true);
      expect(sandboxIbanOf(id)).toBe(iban);
    }
    expect(sandboxIbanOf("sc_a")).not.toBe(sandboxIbanOf("sc_b"));
  });

  it(
    "a EUR customer with a deployed wallet has an active German IBAN; " +
      "others get activated false with the reason",
    async () => {
      const org = await createTestOrg(database.db);
      const ctx = keyCtx(org.orgId);
      const eur = await createReadyCustomer(database.db, org.orgId);
      const status = await getIbanStatus({ ctx, input: { svcCardId: eur.svcCardId } });
      expect(status).toEqual({
        activated: true,
        profile_status: "approved",
        iban: { iban: sandboxIbanOf(eur.svcCardId), bic: "SVCSDEB1XXX", currency: "EUR", status: "active" },
        usage: expect.stringContaining("SEPA"),
      });

      const cases = [
        [{ currency: "USD" as const }, "not_eligible"],
        [{ currency: "GBP" as const }, "not_eligible"],
        [{ safeState: "processing" as const }, "wallet_not_deployed"],
        [{ kycStatus: "pending" as const, currency: null }, "identity_verification_required"],
      ] as const;
      for (const [overrides, profile] of cases) {
        const c = await createReadyCustomer(database.db, org.orgId, overrides);
        const s = await getIbanStatus({ ctx, input: { svcCardId: c.svcCardId } });
        expect(s, profile).toMatchObject({
          activated: false,
          profile_status: profile,
          iban: { iban: "", status: "inactive" },
        });
        expect(s.usage.length).toBeGreaterThan(10);
      }

      setEnvForTests({ SVC_MODE: "live" });
      expect(await getIbanStatus({ ctx, input: { svcCardId: eur.svcCardId } })).toMatchObject({
        activated: false,
        profile_status: "unavailable",
      });
    },
  );

  it("another organization's customer is 404", async () => {
    const org = await createTestOrg(database.db);
    const other = await createTestOrg(database.db);
    const c = await createReadyCustomer(database.db, org.orgId);
    await expect(
      getIbanStatus({ ctx: keyCtx(other.orgId), input: { svcCardId: c.svcCardId } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      listDisputeReasons({ ctx: keyCtx(other.orgId), input: { svcCardId: c.svcCardId } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("dispute reasons", () => {
  it("the five known codes, each described", async () => {
    const org = await createTestOrg(database.db);
    const c = await createReadyCustomer(database.db, org.orgId);
    const reasons = await listDisputeReasons({ ctx: keyCtx(org.orgId), input: { svcCardId: c.svcCardId } });
    expect(reasons.map((r) => r.reason_code)).toEqual([
      "unauthorized",
      "not_received",
      "duplicate",
      "incorrect_amount",
      "credit_not_processed",
    ]);
    for (const r of DISPUTE_REASONS) expect(r.description.length).toBeGreaterThan(10);
  });
});
