import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase, type Database } from "@/server/db/client";
import { cardCustomers, cards } from "@/server/db/schema/cards";
import { organizations } from "@/server/db/schema/identity";
import { openTestDatabase } from "@/server/testing/database";
import { ensureDemoProgram } from "./demo-program";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  setDatabase(database);
});
afterAll(async () => {
  await database.close();
});

describe("the demo program", () => {
  it("is created once, with customers at every stage of onboarding and cards in several states", async () => {
    // The demo only seeds an empty database; on a shared Postgres the other tests' programs exist.
    const [existing] = await database.db.select({ id: organizations.id }).from(organizations).limit(1);
    if (existing) {
      expect(await ensureDemoProgram(database.db)).toBeNull();
      return;
    }
    const demo = await ensureDemoProgram(database.db);
    expect(demo?.email).toBe("admin@demo.test");
    expect(demo?.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const [org] = await database.db.select().from(organizations);
    const customers = await database.db.select().from(cardCustomers).where(eq(cardCustomers.orgId, org!.id));
    const byEmail = Object.fromEntries(customers.map((c) => [c.email, c]));
    expect(byEmail["new.signup@demo.test"]?.flowStatus).toBe("email_verification");
    expect(byEmail["kyc.pending@demo.test"]?.flowStatus).toBe("identity_verification");
    expect(byEmail["kyc.rejected@demo.test"]?.flowStatus).toBe("rejected");
    expect(byEmail["phone.next@demo.test"]?.flowStatus).toBe("phone_verification");
    expect(byEmail["ada.lovelace@demo.test"]).toMatchObject({ flowStatus: "active", step: 6, currency: "GBP", safeState: "deployed" });
    expect(byEmail["grace.hopper@demo.test"]?.currency).toBe("USD");
    const cardRows = await database.db.select().from(cards).where(eq(cards.orgId, org!.id));
    expect(cardRows.map((c) => [c.status, c.pinSet]).sort()).toEqual([
      ["active", false],
      ["active", true],
      ["frozen", true],
    ]);
    expect(await ensureDemoProgram(database.db)).toBeNull();
  });
});
