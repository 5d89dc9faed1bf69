import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { getMyOnboardingTimes, onboardingStepTimes } from "./step-times";

const database = withTestDatabase();

describe("onboarding step times", () => {
  it("stamps each done step from the customer row; active from the first card", async () => {
    const org = await createTestOrg(database.db);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 7, minute));
    const customer = await createReadyCustomer(database.db, org.orgId, {
      emailVerifiedAt: at(1),
      kycUpdatedAt: at(2),
      sourceOfFundsAt: at(3),
      phoneVerifiedAt: at(4),
      safeDeployedAt: at(5),
    });
    const cardholder: Ctx = {
      db: database.db,
      orgId: org.orgId,
      actor: { type: "cardholder", customerId: customer.id },
    };
    expect(await getMyOnboardingTimes({ ctx: cardholder })).toEqual({
      1: at(1).toISOString(),
      2: at(2).toISOString(),
      3: at(3).toISOString(),
      4: at(4).toISOString(),
      5: at(5).toISOString(),
      6: null,
    });
    const card = await createTestCard(database.db, customer);
    expect((await getMyOnboardingTimes({ ctx: cardholder }))[6]).toBe(card.createdAt.toISOString());
  });

  it("has no identity time while the decision is pending; a rejection has its time", () => {
    const row = {
      emailVerifiedAt: new Date(),
      kycStatus: "pending_review" as const,
      kycUpdatedAt: new Date(),
      sourceOfFundsAt: null,
      phoneVerifiedAt: null,
      safeDeployedAt: null,
    };
    expect(onboardingStepTimes(row, [])[2]).toBeNull();
    expect(onboardingStepTimes({ ...row, kycStatus: "rejected" }, [])[2]).toBe(
      row.kycUpdatedAt.toISOString(),
    );
  });

  it("is the signed-in cardholder's own only", async () => {
    const org = await createTestOrg(database.db);
    const key: Ctx = {
      db: database.db,
      orgId: org.orgId,
      actor: { type: "apiKey", keyId: "key_x", scopes: ["read"] },
    };
    expect(await errorCodeOf(getMyOnboardingTimes({ ctx: key }))).toBe("INSUFFICIENT_PERMISSION");
  });
});
