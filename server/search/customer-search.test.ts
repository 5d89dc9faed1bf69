import { describe, expect, it } from "vitest";
import type { Ctx } from "@/server/context";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg } from "@/server/testing/fixtures";
import { globalSearch } from "./global";

const database = withTestDatabase();

/** The customer picker's search: globalSearch with only: "customers" (customer-picker.tsx). */
describe("globalSearch for the customer picker", () => {
  it("finds a customer by a fragment anywhere in the email, a card's last four and every id of theirs", async () => {
    const org = await createTestOrg(database.db);
    const ctx = keyCtx(database.db, org.orgId);
    const tag = org.orgId.slice(-6).toLowerCase();
    const { customer, card } = await spendingCustomer(database.db, org.orgId, {
      fundMinor: 10_000,
      customer: { email: `grace.hopper.${tag}@navy.example.test`, externalId: `crm-${tag}-77` },
    });
    const { customer: ada } = await spendingCustomer(database.db, org.orgId, {
      customer: { email: `ada.lovelace.${tag}@example.test` },
    });
    const txn = await authorizeCardTransaction({
      ctx,
      input: { card_id: card.id, amount: 900, currency: "EUR", merchant: "Tea Room", type: "purchase" },
    });
    const pick = async (q: string, as: Ctx = ctx) =>
      (await globalSearch({ ctx: as, input: { q, only: "customers" } })).hits;
    const ids = async (q: string, as: Ctx = ctx) => (await pick(q, as)).map((h) => h.id);

    // The middle of an email, in any case: the picker submits the svc_card_id.
    expect(await pick("HOPPER")).toEqual([
      {
        group: "customers",
        id: customer.svcCardId,
        title: customer.email,
        detail: `${customer.svcCardId} · crm-${tag}-77`,
        href: `/customers/${customer.svcCardId}`,
      },
    ]);
    expect(await ids(`navy.example`)).toEqual([customer.svcCardId]);
    expect(await ids(`${tag}-77`)).toEqual([customer.svcCardId]);
    expect((await ids(tag)).sort()).toEqual([customer.svcCardId, ada.svcCardId].sort());
    // Whatever else names the customer: a card's last four, the card id and token, a transaction.
    expect(await ids(card.lastFour)).toContain(customer.svcCardId);
    expect(await ids(card.lastFour)).not.toContain(ada.svcCardId);
    for (const id of [customer.svcCardId, customer.id, card.id, card.cardToken, txn.transaction_id])
      expect(await ids(id), id).toEqual([customer.svcCardId]);
    // Only customers come back, and nothing for what names nobody; LIKE's wildcards are literal.
    expect((await pick(card.id)).map((h) => h.group)).toEqual(["customers"]);
    expect(await ids("nobody-like-this")).toEqual([]);
    expect(await ids("%hop")).toEqual([]);
    expect(await ids("gr_ce")).toEqual([]);
    // The palette (every group) finds the customer by the fragment too.
    expect(
      (await globalSearch({ ctx, input: { q: "hopper" } })).hits.filter((h) => h.group === "customers"),
    ).toHaveLength(1);
  });

  it("never finds another organization's customers, and a cardholder cannot search", async () => {
    const org = await createTestOrg(database.db);
    const other = await createTestOrg(database.db);
    const tag = other.orgId.slice(-6).toLowerCase();
    const { customer, card } = await spendingCustomer(database.db, other.orgId, {
      customer: { email: `secret.${tag}@example.test` },
    });
    const mine = keyCtx(database.db, org.orgId);
    for (const q of [
      `secret.${tag}`,
      tag,
      customer.svcCardId,
      customer.id,
      card.id,
      card.cardToken,
      card.lastFour,
    ])
      expect((await globalSearch({ ctx: mine, input: { q, only: "customers" } })).hits, q).toEqual([]);

    const holder: Ctx = { ...mine, actor: { type: "cardholder", customerId: customer.id } };
    expect(await errorCodeOf(globalSearch({ ctx: holder, input: { q: "secret", only: "customers" } }))).toBe(
      "INSUFFICIENT_PERMISSION",
    );
  });
});
