import { describe, expect, it } from "vitest";
import { eventPayloadSchema } from "@/lib/contracts/webhook-event-payloads";
import { freezeCard, unfreezeCard } from "@/server/cards/lifecycle/change-status";
import type { Ctx } from "@/server/context";
import {
  replaceCardSpendingControls,
  replaceCustomerSpendingControls,
  replaceProgramSpendingControls,
} from "@/server/controls/store";
import { fundCustomer } from "@/server/issuer/funding/fund-customer";
import { receiveDeposit } from "@/server/issuer/master-wallet/deposits";
import { createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { eventsOf, fundableCustomer } from "@/server/testing/funding";
import { updateCardMetadata, updateCustomerMetadata } from "./metadata";

/** docs/metadata.md, Events: card.* and customer.* events carry their object's metadata. */

const database = withTestDatabase();

const NO_CONTROLS = { spending_limits: [], count_limits: [] };

function keyCtx(orgId: string): Ctx {
  return {
    db: database.db,
    orgId,
    actor: { type: "apiKey", keyId: "key_event_metadata", scopes: ["read", "write", "transactions"] },
  };
}

async function setup() {
  const org = await createTestOrg(database.db);
  const ctx = keyCtx(org.orgId);
  const customer = await fundableCustomer(database.db, org.orgId, "EUR");
  const card = await createTestCard(database.db, customer);
  return { org, ctx, customer, card, ids: { svcCardId: customer.svcCardId, cardId: card.id } };
}

/** The events' data, each checked against its published payload schema. */
async function dataOf(orgId: string, types: string[]) {
  const events = await eventsOf(database.db, orgId, types);
  for (const e of events) expect(eventPayloadSchema(e.type)!.safeParse(e.data).success, e.type).toBe(true);
  return events.map((e) => ({ type: e.type, metadata: e.data.metadata }));
}

describe("card and customer events carry metadata", () => {
  it("a card with metadata frozen: card.frozen has the card's metadata as it stood; unfrozen after a change has the new", async () => {
    const { org, ctx, ids } = await setup();
    await updateCardMetadata({ ctx, input: { ...ids, metadata: { team: "blue", cost_centre: "42" } } });
    await freezeCard({ ctx, input: ids });
    await updateCardMetadata({ ctx, input: { ...ids, metadata: { team: "" } } });
    await unfreezeCard({ ctx, input: ids });
    expect(await dataOf(org.orgId, ["card.frozen", "card.unfrozen"])).toEqual([
      { type: "card.frozen", metadata: { team: "blue", cost_centre: "42" } },
      { type: "card.unfrozen", metadata: { cost_centre: "42" } },
    ]);
  });

  it("a card without metadata: {} (never missing); another card's metadata stays out", async () => {
    const { org, ctx, customer, ids } = await setup();
    const other = await createTestCard(database.db, customer);
    await updateCardMetadata({
      ctx,
      input: { svcCardId: customer.svcCardId, cardId: other.id, metadata: { secret_of: "other" } },
    });
    await freezeCard({ ctx, input: ids });
    expect(await dataOf(org.orgId, ["card.frozen"])).toEqual([{ type: "card.frozen", metadata: {} }]);
  });

  it("a customer with metadata funded: customer.funded and customer.balance.updated have the customer's", async () => {
    const { org, ctx, customer, ids } = await setup();
    await updateCustomerMetadata({
      ctx,
      input: { svcCardId: customer.svcCardId, metadata: { crm_id: "C-42" } },
    });
    await updateCardMetadata({ ctx, input: { ...ids, metadata: { team: "blue" } } });
    await receiveDeposit({ ctx, input: { currency: "EUR", amount: 10_000, two_step: false } });
    await fundCustomer({ ctx, input: { customer_id: customer.svcCardId, amount: 2_500, currency: "EUR" } });
    expect(await dataOf(org.orgId, ["customer.funded", "customer.balance.updated"])).toEqual([
      { type: "customer.funded", metadata: { crm_id: "C-42" } },
      { type: "customer.balance.updated", metadata: { crm_id: "C-42" } },
    ]);
  });

  it("card.spending_controls.updated: the card's metadata, the customer's, {} for the program", async () => {
    const { org, ctx, customer, ids } = await setup();
    await updateCustomerMetadata({
      ctx,
      input: { svcCardId: customer.svcCardId, metadata: { crm_id: "C-7" } },
    });
    await updateCardMetadata({ ctx, input: { ...ids, metadata: { team: "red" } } });
    await replaceCardSpendingControls({ ctx, input: { ...ids, controls: NO_CONTROLS } });
    await replaceCustomerSpendingControls({
      ctx,
      input: { svcCardId: customer.svcCardId, controls: NO_CONTROLS },
    });
    await replaceProgramSpendingControls({ ctx, input: NO_CONTROLS });
    expect((await dataOf(org.orgId, ["card.spending_controls.updated"])).map((e) => e.metadata)).toEqual([
      { team: "red" },
      { crm_id: "C-7" },
      {},
    ]);
  });
});
