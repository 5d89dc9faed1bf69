import { and, eq } from "drizzle-orm";
import { getServerSession } from "next-auth";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Role } from "@/lib/scopes";
import { openDashboardSession } from "@/server/auth/dashboard-sessions";
import { createUser } from "@/server/auth/users";
import { cards } from "@/server/db/schema/cards";
import { auditLog } from "@/server/db/schema/platform";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, TEST_PASSWORD, uniqueEmail } from "@/server/testing/fixtures";
import {
  setCustomerLowBalanceThresholdAction,
  updateCardMetadataAction,
  updateCustomerMetadataAction,
} from "./metadata";

/*
 * The customer and card pages' editors (docs/metadata.md; docs/statements.md, Balance alerts): the
 * real session row, only next-auth's cookie decoding and Next's headers stood in for.
 */
vi.mock("next-auth", () => ({ getServerSession: vi.fn() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: () => undefined, getAll: () => [] }),
}));

const database = withTestDatabase();
afterAll(() => vi.mocked(getServerSession).mockReset());

async function signInAs(orgId: string, role: Role) {
  const user = await createUser(database.db, orgId, {
    email: uniqueEmail(role),
    password: TEST_PASSWORD,
    role,
  });
  const sid = await openDashboardSession(database.db, { userId: user.userId, orgId });
  vi.mocked(getServerSession).mockResolvedValue({
    user: { id: user.userId, email: user.email, orgId, role },
    sid,
    expires: new Date(Date.now() + 3_600_000).toISOString(),
  });
  return user.userId;
}

async function setup() {
  const org = await createTestOrg(database.db);
  const customer = await createReadyCustomer(database.db, org.orgId);
  const card = await createTestCard(database.db, customer);
  return { org, customer, card, ids: { svcCardId: customer.svcCardId, cardId: card.id } };
}

const auditOf = (orgId: string, action: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.action, action)));

describe("the console's metadata and low-balance alert editors", () => {
  it("an operator sets and removes a card's keys, audited with before and after as over REST", async () => {
    const { org, ids } = await setup();
    const operator = await signInAs(org.orgId, "operator");
    expect(await updateCardMetadataAction({ ...ids, metadata: { team: "blue", region: "eu" } })).toEqual({
      ok: true,
      data: { metadata: { team: "blue", region: "eu" } },
    });
    expect(await updateCardMetadataAction({ ...ids, metadata: { team: "" } })).toEqual({
      ok: true,
      data: { metadata: { region: "eu" } },
    });
    const [row] = await database.db.select().from(cards).where(eq(cards.id, ids.cardId));
    expect(row!.metadata).toEqual({ region: "eu" });
    const audits = await auditOf(org.orgId, "card.metadata_updated");
    expect(audits.map((a) => [a.actorId, a.targetId, a.before, a.after])).toEqual(
      expect.arrayContaining([
        [operator, ids.cardId, {}, { team: "blue", region: "eu" }],
        [operator, ids.cardId, { team: "blue", region: "eu" }, { region: "eu" }],
      ]),
    );
  });

  it("answers the API's messages, by field: a key too long, a value too long", async () => {
    const { org, ids } = await setup();
    await signInAs(org.orgId, "operator");
    const long = "k".repeat(41);
    const res = await updateCardMetadataAction({ ...ids, metadata: { [long]: "v", notes: "x".repeat(501) } });
    expect(res).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION_ERROR",
        fields: {
          [`metadata.${long}`]: "a metadata key is 1 to 40 characters (got 41)",
          "metadata.notes": "a metadata value is a string of at most 500 characters",
        },
      },
    });
  });

  it("a viewer may not write: refused by role, nothing changed, nothing audited", async () => {
    const { org, customer, ids } = await setup();
    await signInAs(org.orgId, "viewer");
    for (const res of [
      await updateCardMetadataAction({ ...ids, metadata: { team: "blue" } }),
      await updateCustomerMetadataAction({ svcCardId: customer.svcCardId, metadata: { crm_id: "C-1" } }),
      await setCustomerLowBalanceThresholdAction({ svcCardId: customer.svcCardId, threshold_minor: 500 }),
    ])
      expect(res).toMatchObject({ ok: false, error: { code: "FORBIDDEN_ROLE" } });
    expect(await auditOf(org.orgId, "card.metadata_updated")).toEqual([]);
    expect(await auditOf(org.orgId, "card_customer.metadata_updated")).toEqual([]);
  });

  it("an operator sets the customer's keys and low-balance alert, then turns the alert off", async () => {
    const { org, customer } = await setup();
    await signInAs(org.orgId, "operator");
    const svcCardId = customer.svcCardId;
    expect(await updateCustomerMetadataAction({ svcCardId, metadata: { crm_id: "C-42" } })).toEqual({
      ok: true,
      data: { metadata: { crm_id: "C-42" } },
    });
    expect(await setCustomerLowBalanceThresholdAction({ svcCardId, threshold_minor: 1 })).toMatchObject({
      ok: true,
      data: { svc_card_id: svcCardId, threshold_minor: 1 },
    });
    expect(await setCustomerLowBalanceThresholdAction({ svcCardId, threshold_minor: null })).toMatchObject({
      ok: true,
      data: { threshold_minor: null, alert_fired: false },
    });
    expect((await auditOf(org.orgId, "card_customer.low_balance_threshold_set")).map((a) => a.after)).toEqual(
      expect.arrayContaining([{ low_balance_threshold_minor: 1 }, { low_balance_threshold_minor: null }]),
    );
    const other = await createTestOrg(database.db);
    await signInAs(other.orgId, "operator");
    expect(await updateCustomerMetadataAction({ svcCardId, metadata: { x: "y" } })).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
  });
});
