import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { cardCounts, cards } from "@/server/db/schema/cards";
import { createReadyCustomer } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { countCards, recountCards } from "./card-counts";
import {
  blockCard,
  type CardTarget,
  freezeCard,
  reportCard,
  unblockCard,
  unfreezeCard,
  voidCard,
} from "./change-status";
import { createVirtualCard } from "./create-virtual";
import { listCards } from "./list";
import { issuePhysicalCard } from "./physical";

const database = withTestDatabase();

function keyCtx(orgId: string): Ctx {
  return {
    db: database.db,
    orgId,
    actor: { type: "apiKey", keyId: "key_counts", scopes: ["read", "write"] },
  };
}

/** The kept counts of an organization, as sorted "status/type/currency=n" lines (zeros left out). */
async function kept(orgId: string): Promise<string[]> {
  const rows = await database.db.select().from(cardCounts).where(eq(cardCounts.orgId, orgId));
  return rows
    .filter((r) => r.count !== 0)
    .map((r) => `${r.status}/${r.cardType}/${r.currency}=${r.count}`)
    .sort();
}

/** The same, counted from the cards themselves. */
async function recounted(orgId: string): Promise<string[]> {
  const rows = await database.db
    .select({
      status: cards.status,
      cardType: cards.cardType,
      currency: cards.currency,
      n: sql<number>`count(*)::int`,
    })
    .from(cards)
    .where(eq(cards.orgId, orgId))
    .groupBy(cards.status, cards.cardType, cards.currency);
  return rows.map((r) => `${r.status}/${r.cardType}/${r.currency}=${r.n}`).sort();
}

describe("card counts", () => {
  it(
    "equal a recount after issuing, every status change, " + "refused changes and another program's cards",
    async () => {
      const org = await createTestOrg(database.db);
      const ctx = keyCtx(org.orgId);
      const eur = await createReadyCustomer(database.db, org.orgId, { currency: "EUR" });
      const gbp = await createReadyCustomer(database.db, org.orgId, { currency: "GBP" });
      const usd = await createReadyCustomer(database.db, org.orgId, { currency: "USD" });
      const other = await createTestOrg(database.db);
      const foreign = await createReadyCustomer(database.db, other.orgId);
      await createVirtualCard({ ctx: keyCtx(other.orgId), input: { svcCardId: foreign.svcCardId } });

      const issued: CardTarget[] = [];
      for (const c of [eur, eur, gbp, usd]) {
        const card = await createVirtualCard({ ctx, input: { svcCardId: c.svcCardId } });
        issued.push({ svcCardId: c.svcCardId, cardId: card.card_id });
      }
      const physical = await issuePhysicalCard({ ctx, input: { svcCardId: gbp.svcCardId } });
      issued.push({ svcCardId: gbp.svcCardId, cardId: physical.card_id });
      expect(await kept(org.orgId)).toEqual(await recounted(org.orgId));

      const [a, b, c, d, p] = issued as [CardTarget, CardTarget, CardTarget, CardTarget, CardTarget];
      await freezeCard({ ctx, input: a });
      await unfreezeCard({ ctx, input: a });
      await freezeCard({ ctx, input: a });
      await blockCard({ ctx, input: b });
      await unblockCard({ ctx, input: b });
      await blockCard({ ctx, input: c });
      await reportCard({ ctx, input: { ...p, reason: "stolen" } });
      await reportCard({ ctx, input: { ...b, reason: "lost" } });
      await voidCard({ ctx, input: d });
      // Refused changes (a voided card, a second freeze, voiding a physical card) move nothing.
      for (const refused of [
        () => freezeCard({ ctx, input: d }),
        () => freezeCard({ ctx, input: a }),
        () => voidCard({ ctx, input: p }),
      ])
        await expect(refused()).rejects.toSatisfy(isServiceError);

      const after = await kept(org.orgId);
      expect(after).toEqual(await recounted(org.orgId));
      expect(after).toEqual(
        [
          "blocked/virtual/GBP=1",
          "frozen/virtual/EUR=1",
          "lost/virtual/EUR=1",
          "stolen/physical/GBP=1",
          "voided/virtual/USD=1",
        ].sort(),
      );
      expect(await kept(other.orgId)).toEqual(await recounted(other.orgId));

      // The list's totals come from the counts and agree with the rows it pages through.
      expect(await countCards(database.db, org.orgId, {})).toBe(5);
      expect(await countCards(database.db, org.orgId, { statuses: ["voided", "stolen"] })).toBe(2);
      expect(await countCards(database.db, org.orgId, { currency: "GBP", cardType: "virtual" })).toBe(1);
      const voided = await listCards({ ctx, input: { status: "voided", limit: 1 } });
      expect(voided).toMatchObject({ total: 2 });
      const gbpCards = await listCards({ ctx, input: { currency: "GBP", limit: 1 } });
      expect(gbpCards.total).toBe(2);
      expect(gbpCards.cards.map((x) => x.currency)).toEqual(["GBP"]);

      // recountCards (the seeder's, the migration's backfill) rebuilds the same counts.
      await database.db.update(cardCounts).set({ count: 99 }).where(eq(cardCounts.orgId, org.orgId));
      await recountCards(database.db, org.orgId);
      expect(await kept(org.orgId)).toEqual(after);
    },
  );
});
