import { describe, expect, it, vi } from "vitest";
import { GET as exportCards } from "@/app/(dashboard)/cards/export/route";
import { cardsExportHref, parseCardFilters } from "@/components/cards/filters";
import type { Ctx } from "@/server/context";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { dashboardUserCtx, exportCsv, signInDashboard } from "@/server/testing/dashboard";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { streamCardsCsv } from "./export";
import { listCards } from "./list";

// The dashboard session (next-auth) is the one thing not available here: each test signs a user in.
vi.mock("@/server/action-kit/session", () => ({ getOptionalSession: vi.fn() }));

const database = withTestDatabase();

/** A program with three cards of two customers (one frozen), and another program with one card. */
async function twoPrograms() {
  const org = await createTestOrg(database.db);
  const ada = await createReadyCustomer(database.db, org.orgId, { currency: "GBP" });
  const grace = await createReadyCustomer(database.db, org.orgId, { currency: "EUR" });
  const cards = [
    await createTestCard(database.db, ada),
    await createTestCard(database.db, ada, { status: "frozen" }),
    await createTestCard(database.db, grace),
  ];
  const other = await createTestOrg(database.db);
  const stranger = await createReadyCustomer(database.db, other.orgId);
  const strangerCard = await createTestCard(database.db, stranger);
  const ctx = await dashboardUserCtx(database.db, org, "viewer");
  return { org, ada, grace, cards, stranger, strangerCard, ctx };
}

const csvOf = (url: string) => exportCsv(exportCards, url);

describe("the Cards page's CSV export (app/(dashboard)/cards/export/route.ts)", () => {
  it("streams every card of the program, card id and card token in their own named columns", async () => {
    const p = await twoPrograms();
    signInDashboard(p.ctx);
    const { status, lines } = await csvOf(cardsExportHref(parseCardFilters({})));
    expect(status).toBe(200);
    expect(lines[0]).toBe(
      "card_id,card_token,last_four,card_type,status,is_stolen,pin_set,currency,svc_card_id," +
        "customer_email,external_id,created_at,activated_at",
    );
    expect(lines).toHaveLength(1 + 3);
    for (const card of p.cards) {
      const line = lines.find((l) => l.startsWith(`${card.id},`));
      expect(line).toBeDefined();
      expect(line!.split(",")[1]).toBe(card.cardToken);
      expect(line).toContain(`,${card.lastFour},`);
    }
    // The frozen card says so; the customer's email and svc_card_id are in its row.
    const frozen = lines.find((l) => l.startsWith(`${p.cards[1]!.id},`))!;
    expect(frozen).toContain(",frozen,false,");
    expect(frozen).toContain(`,${p.ada.svcCardId},${p.ada.email},`);
  });

  it("never lists another organization's cards, whatever the filters name", async () => {
    const p = await twoPrograms();
    signInDashboard(p.ctx);
    const all = await csvOf("/cards/export");
    expect(all.text).not.toContain(p.strangerCard.id);
    expect(all.text).not.toContain(p.stranger.svcCardId);
    // Asking for the other program's customer or card by id finds nothing (a header line only).
    const byCustomer = await csvOf(`/cards/export?customer_id=${p.stranger.svcCardId}`);
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.lines).toHaveLength(1);
    const byCard = await csvOf(`/cards/export?q=${p.strangerCard.id}`);
    expect(byCard.lines).toHaveLength(1);
  });

  it("follows the page's filters (status, customer, search) and ignores its sort and page", async () => {
    const p = await twoPrograms();
    signInDashboard(p.ctx);
    const frozen = await csvOf("/cards/export?status=frozen&sort=status&order=asc&page=3");
    expect(frozen.lines).toHaveLength(2);
    expect(frozen.lines[1]!.startsWith(`${p.cards[1]!.id},`)).toBe(true);
    const ofGrace = await csvOf(`/cards/export?customer_id=${p.grace.svcCardId}`);
    expect(ofGrace.lines.slice(1).map((l) => l.split(",")[0])).toEqual([p.cards[2]!.id]);
    const byEmail = await csvOf(`/cards/export?q=${encodeURIComponent(p.ada.email)}`);
    expect(byEmail.lines).toHaveLength(3);
  });

  it("refuses without a session (401), a cardholder and a credential without the read scope (403)", async () => {
    signInDashboard(null);
    const signedOut = await exportCards(new Request("http://console.test/cards/export"));
    expect(signedOut.status).toBe(401);

    const p = await twoPrograms();
    const noRead: Ctx = {
      db: database.db,
      orgId: p.org.orgId,
      actor: { type: "apiKey", keyId: "key_test", scopes: ["write"] },
    };
    signInDashboard(noRead);
    const refused = await exportCards(new Request("http://console.test/cards/export"));
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain("card_id");
    // A cardholder's session, even one of this program, never exports the program's cards.
    signInDashboard({
      db: database.db,
      orgId: p.org.orgId,
      actor: { type: "cardholder", customerId: p.ada.id },
    });
    const cardholder = await exportCards(new Request("http://console.test/cards/export"));
    expect(cardholder.status).toBe(403);
    expect(await cardholder.text()).not.toContain(p.cards[0]!.id);
  });
});

describe("the Cards list's sort (listCards)", () => {
  it("sorts by status or currency in either direction, then by issue time, through the same rows", async () => {
    const p = await twoPrograms();
    const ids = async (sort: "status" | "currency" | "created_at", order: "asc" | "desc") =>
      (await listCards({ ctx: p.ctx, input: { sort, order } })).cards.map((c) => c.card_id);
    const newestFirst = await ids("created_at", "desc");
    expect(newestFirst).toHaveLength(3);
    expect(await ids("created_at", "asc")).toEqual([...newestFirst].reverse());
    const byStatus = await listCards({ ctx: p.ctx, input: { sort: "status", order: "asc" } });
    expect(byStatus.cards.map((c) => c.status)).toEqual(["active", "active", "frozen"]);
    expect(byStatus.total).toBe(3);
    const byCurrencyDesc = await listCards({ ctx: p.ctx, input: { sort: "currency", order: "desc" } });
    expect(byCurrencyDesc.cards.map((c) => c.currency)).toEqual(["GBP", "GBP", "EUR"]);
  });

  it("reads sort and order from the address, defaults left out of the links", () => {
    const f = parseCardFilters({ sort: "status", order: "asc", status: "frozen", page: "2" });
    expect(f).toMatchObject({ sort: "status", order: "asc", status: "frozen", page: 2 });
    expect(parseCardFilters({ sort: "drop table", order: "sideways" })).toMatchObject({
      sort: "created_at",
      order: "desc",
    });
    expect(cardsExportHref(f)).toBe("/cards/export?status=frozen");
  });
});

describe("streamCardsCsv", () => {
  it("authorizes on entry as its own use case (streamCardsCsv: the read scope)", async () => {
    const p = await twoPrograms();
    const noRead: Ctx = {
      db: database.db,
      orgId: p.org.orgId,
      actor: { type: "apiKey", keyId: "key_test", scopes: ["write"] },
    };
    const read = async () => {
      for await (const _ of streamCardsCsv({ ctx: noRead, input: {} })) void _;
    };
    await expect(read()).rejects.toMatchObject({ code: "INSUFFICIENT_PERMISSION" });
  });
});
