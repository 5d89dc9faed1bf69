import { describe, expect, it, vi } from "vitest";
import { GET as exportCustomers } from "@/app/(dashboard)/customers/export/route";
import { customersExportHref, customerSortHref, parseCustomerFilters } from "@/components/customers/filters";
import { ServiceError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getOptionalSession } from "@/server/action-kit/session";
import type { Ctx } from "@/server/context";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { dashboardUserCtx, exportCsv, signInDashboard } from "@/server/testing/dashboard";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { streamCustomersCsv } from "./export";
import { listCustomers } from "./list";

// The dashboard session (next-auth) is the one thing not available here: each test signs a user in.
vi.mock("@/server/action-kit/session", () => ({ getOptionalSession: vi.fn() }));

const database = withTestDatabase();

/** A program with three customers (one with two cards, one still onboarding), and another program. */
async function twoPrograms() {
  const org = await createTestOrg(database.db);
  const tag = newId("sc").slice(3, 11).toLowerCase();
  const ada = await createReadyCustomer(database.db, org.orgId, {
    email: `ada.lovelace.${tag}@example.test`,
    externalId: `crm-${tag}-1`,
    createdAt: new Date(Date.now() - 3_000),
  });
  const grace = await createReadyCustomer(database.db, org.orgId, {
    email: `grace.hopper.${tag}@example.test`,
    createdAt: new Date(Date.now() - 2_000),
  });
  const zed = await createReadyCustomer(database.db, org.orgId, {
    email: `zed.${tag}@example.test`,
    kycStatus: "pending",
    flowStatus: "identity_verification",
    step: 2,
    createdAt: new Date(Date.now() - 1_000),
  });
  await createTestCard(database.db, ada);
  await createTestCard(database.db, ada);
  const other = await createTestOrg(database.db);
  const stranger = await createReadyCustomer(database.db, other.orgId, {
    email: `stranger.${tag}@example.test`,
  });
  const ctx = await dashboardUserCtx(database.db, org, "viewer");
  return { org, tag, ada, grace, zed, stranger, ctx };
}

const csvOf = (url: string) => exportCsv(exportCustomers, url);

describe("the Customers page's CSV export (app/(dashboard)/customers/export/route.ts)", () => {
  it("streams every customer of the program, newest first, with the list's fields", async () => {
    const p = await twoPrograms();
    signInDashboard(p.ctx);
    const { status, lines } = await csvOf(customersExportHref(parseCustomerFilters({})));
    expect(status).toBe(200);
    expect(lines[0]).toBe(
      "svc_card_id,email,external_id,step,flow_status,kyc_status,currency,cards_count,available_balance,created_at",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([
      p.zed.svcCardId,
      p.grace.svcCardId,
      p.ada.svcCardId,
    ]);
    const ada = lines.find((l) => l.startsWith(`${p.ada.svcCardId},`))!;
    expect(ada).toContain(`,${p.ada.email},crm-${p.tag}-1,`);
    expect(ada.split(",")[7]).toBe("2");
    expect(lines.find((l) => l.startsWith(`${p.zed.svcCardId},`))).toContain(
      ",2,identity_verification,pending,",
    );
  });

  it("follows the page's search and filters, ignores its sort and page, and never lists another program", async () => {
    const p = await twoPrograms();
    signInDashboard(p.ctx);
    const hopper = await csvOf(`/customers/export?q=HOPPER.${p.tag}&sort=email&order=asc&page=4`);
    expect(hopper.lines.slice(1).map((l) => l.split(",")[0])).toEqual([p.grace.svcCardId]);
    const onboarding = await csvOf("/customers/export?flow_status=identity_verification");
    expect(onboarding.lines.slice(1).map((l) => l.split(",")[0])).toEqual([p.zed.svcCardId]);
    const all = await csvOf("/customers/export");
    expect(all.text).not.toContain(p.stranger.svcCardId);
    const byId = await csvOf(`/customers/export?q=${p.stranger.svcCardId}`);
    expect(byId.status).toBe(200);
    expect(byId.lines).toHaveLength(1);
    expect((await csvOf(`/customers/export?q=stranger.${p.tag}`)).lines).toHaveLength(1);
  });

  it("refuses without a session (401), before 2FA where it is required, a cardholder and a credential without read (403)", async () => {
    signInDashboard(null);
    expect((await exportCustomers(new Request("http://console.test/customers/export"))).status).toBe(401);

    const p = await twoPrograms();
    // The session read refuses a member who must enrol 2FA first (server/action-kit/session.ts).
    vi.mocked(getOptionalSession).mockRejectedValueOnce(
      new ServiceError("TWO_FACTOR_NOT_ENABLED", "Your organization requires two-factor authentication."),
    );
    const gated = await exportCustomers(new Request("http://console.test/customers/export"));
    expect(gated.status).toBe(403);
    expect(await gated.text()).not.toContain(p.ada.email);

    signInDashboard({
      db: database.db,
      orgId: p.org.orgId,
      actor: { type: "apiKey", keyId: "key_test", scopes: ["write"] },
    });
    const noRead = await exportCustomers(new Request("http://console.test/customers/export"));
    expect(noRead.status).toBe(403);
    expect(await noRead.text()).not.toContain("svc_card_id");
    signInDashboard({
      db: database.db,
      orgId: p.org.orgId,
      actor: { type: "cardholder", customerId: p.ada.id },
    });
    const cardholder = await exportCustomers(new Request("http://console.test/customers/export"));
    expect(cardholder.status).toBe(403);
    expect(await cardholder.text()).not.toContain(p.grace.email);
  });

  it("streamCustomersCsv is the export's use case: authorized on entry", async () => {
    const p = await twoPrograms();
    const noRead: Ctx = {
      db: database.db,
      orgId: p.org.orgId,
      actor: { type: "cardholder", customerId: p.ada.id },
    };
    const read = async () => {
      for await (const _ of streamCustomersCsv({ ctx: noRead, input: {} })) void _;
    };
    await expect(read()).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
  });
});

describe("the Customers list's sort (listCustomers)", () => {
  it("sorts by creation time or email in either direction", async () => {
    const p = await twoPrograms();
    const ids = async (sort: "created_at" | "email", order: "asc" | "desc") =>
      (await listCustomers({ ctx: p.ctx, input: { sort, order } })).customers.map((c) => c.svc_card_id);
    expect(await ids("created_at", "desc")).toEqual([p.zed.svcCardId, p.grace.svcCardId, p.ada.svcCardId]);
    expect(await ids("created_at", "asc")).toEqual([p.ada.svcCardId, p.grace.svcCardId, p.zed.svcCardId]);
    const byEmail = [p.ada.svcCardId, p.grace.svcCardId, p.zed.svcCardId];
    expect(await ids("email", "asc")).toEqual(byEmail);
    expect(await ids("email", "desc")).toEqual([...byEmail].reverse());
  });

  it("reads sort and order from the address; defaults, sort and page stay out of the links that do not need them", () => {
    const f = parseCustomerFilters({ sort: "email", order: "asc", kyc_status: "approved", page: "3" });
    expect(f).toMatchObject({ sort: "email", order: "asc", kyc_status: "approved", page: 3 });
    expect(parseCustomerFilters({ sort: "drop table", order: "sideways" })).toMatchObject({
      sort: "created_at",
      order: "desc",
    });
    expect(customersExportHref(f)).toBe("/customers/export?kyc_status=approved");
    // The sorted column's heading turns the order round, another column starts in its natural one.
    expect(customerSortHref(f, "email")).toBe("/customers?kyc_status=approved&sort=email");
    expect(customerSortHref(parseCustomerFilters({}), "email")).toBe("/customers?sort=email&order=asc");
    expect(customerSortHref(f, "created_at")).toBe("/customers?kyc_status=approved");
  });
});
