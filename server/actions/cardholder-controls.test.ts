import { describe, expect, it, vi } from "vitest";
import { spendingControlsInputSchema } from "@/lib/contracts/spending-controls";
import { getCardSpendingControls, replaceCardSpendingControls } from "@/server/controls/store";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { cardholderBrowser } from "@/server/testing/cardholder-browser";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { replaceMyCardSpendingControlsAction } from "./spending-controls";

// The cardholder's browser: its session cookie (the one thing Next provides that is missing here).
vi.mock("next/headers", async () => (await import("@/server/testing/cardholder-browser")).nextHeaders);

const database = withTestDatabase();
const browser = cardholderBrowser();

/** My card's limits form (replaceMyCardSpendingControlsAction): lower only, own card only. */
describe("a cardholder's own card limits", () => {
  it("lowers and adds; a raise, a removal, a list change, another's card and no session are refused", async () => {
    const org = await createTestOrg(database.db);
    const staff = keyCtx(database.db, org.orgId);
    const { customer, card } = await spendingCustomer(database.db, org.orgId);
    const stranger = await spendingCustomer(database.db, org.orgId);
    for (const [who, c] of [
      [customer, card],
      [stranger.customer, stranger.card],
    ] as const)
      await replaceCardSpendingControls({
        ctx: staff,
        input: {
          svcCardId: who.svcCardId,
          cardId: c.id,
          controls: spendingControlsInputSchema.parse({
            spending_limits: [{ amount: 100, interval: "daily" }],
            count_limits: [{ count: 10, interval: "daily" }],
            blocked_categories: ["gambling"],
          }),
        },
      });
    const save = (cardId: string, controls: Record<string, unknown>) =>
      replaceMyCardSpendingControlsAction({
        cardId,
        controls: {
          blocked_categories: ["gambling"],
          count_limits: [{ count: 10, interval: "daily" }],
          ...controls,
        },
      });

    expect(await save(card.id, { spending_limits: [{ amount: "50", interval: "daily" }] })).toMatchObject({
      ok: false,
      error: { code: "UNAUTHENTICATED" },
    });
    await browser.signIn(database.db, { orgId: org.orgId, customerId: customer.id });

    const lowered = await save(card.id, {
      spending_limits: [
        { amount: "50", interval: "daily" },
        { amount: "20", interval: "per_authorization" },
      ],
    });
    expect(lowered).toMatchObject({ ok: true, data: { level: "card" } });
    const refused = [
      // a raise
      {
        spending_limits: [
          { amount: "60", interval: "daily" },
          { amount: "20", interval: "per_authorization" },
        ],
      },
      // a removal
      { spending_limits: [{ amount: "50", interval: "daily" }] },
      // a count raised
      {
        spending_limits: [
          { amount: "50", interval: "daily" },
          { amount: "20", interval: "per_authorization" },
        ],
        count_limits: [{ count: 11, interval: "daily" }],
      },
      // a list lifted
      {
        spending_limits: [
          { amount: "50", interval: "daily" },
          { amount: "20", interval: "per_authorization" },
        ],
        blocked_categories: undefined,
      },
    ];
    for (const controls of refused)
      expect(await save(card.id, controls), JSON.stringify(controls)).toMatchObject({
        ok: false,
        error: { code: "VALIDATION_ERROR" },
      });
    // Another customer's card, even with a lower limit: not found, and left as it was.
    expect(
      await save(stranger.card.id, { spending_limits: [{ amount: "1", interval: "daily" }] }),
    ).toMatchObject({
      ok: false,
      error: { code: "NOT_FOUND" },
    });
    const theirs = await getCardSpendingControls({
      ctx: staff,
      input: { svcCardId: stranger.customer.svcCardId, cardId: stranger.card.id },
    });
    expect(theirs.spending_controls.spending_limits.map((l) => l.amount)).toEqual([100]);
    const mine = await getCardSpendingControls({
      ctx: staff,
      input: { svcCardId: customer.svcCardId, cardId: card.id },
    });
    expect(mine.spending_controls.spending_limits.map((l) => [l.interval, l.amount])).toEqual([
      ["daily", 50],
      ["per_authorization", 20],
    ]);
  });
});
