import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isServiceError } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import { cards, type CardStatus } from "@/server/db/schema/cards";
import { outboxEvents } from "@/server/db/schema/platform";
import { simCards } from "@/server/db/schema/providers";
import { createReadyCustomer, createTestCard } from "@/server/testing/card-customers";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import type { CardRow } from "../customers/find";
import { cardView } from "../customers/view";
import { applyCardAction } from "./apply";
import { blockCard, freezeCard, reportCard, unblockCard, unfreezeCard, voidCard } from "./change-status";
import { activatePhysicalCard } from "./physical";
import {
  CARD_ACTIONS,
  CARD_KINDS,
  CARD_TRANSITIONS,
  type CardAction,
  type CardKind,
  decide,
} from "./transitions";

const database = withTestDatabase();

const STATES: CardStatus[] = ["active", "frozen", "blocked", "lost", "stolen", "voided"];

/**
 * The rules as this test reads docs/card-program.md (Cards; The upstream the simulators imitate),
 * written down independently of transitions.ts: the next state, or "!" and the refusal's code.
 * Columns: virtual, physical (activated), physical not yet activated.
 */
type Expect = Record<CardKind, string>;
const all = (v: string): Expect => ({ virtual: v, physical: v, physical_inactive: v });
const EXPECTED: Record<CardAction, Record<CardStatus, Expect>> = {
  freeze: {
    active: { virtual: "frozen", physical: "frozen", physical_inactive: "!CARD_NOT_ACTIVATED" },
    frozen: all("!CARD_NOT_ACTIVE"),
    blocked: all("!CARD_NOT_ACTIVE"),
    lost: all("!CARD_NOT_ACTIVE"),
    stolen: all("!CARD_NOT_ACTIVE"),
    voided: all("!CARD_NOT_ACTIVE"),
  },
  unfreeze: {
    active: all("!CARD_NOT_FROZEN"),
    frozen: all("active"),
    blocked: all("!CARD_NOT_ACTIVE"),
    lost: all("!CARD_NOT_ACTIVE"),
    stolen: all("!CARD_NOT_ACTIVE"),
    voided: all("!CARD_NOT_ACTIVE"),
  },
  void: {
    active: { virtual: "voided", physical: "!VIRTUAL_CARD_ONLY", physical_inactive: "!VIRTUAL_CARD_ONLY" },
    frozen: { virtual: "voided", physical: "!VIRTUAL_CARD_ONLY", physical_inactive: "!VIRTUAL_CARD_ONLY" },
    blocked: { virtual: "voided", physical: "!VIRTUAL_CARD_ONLY", physical_inactive: "!VIRTUAL_CARD_ONLY" },
    lost: { virtual: "voided", physical: "!VIRTUAL_CARD_ONLY", physical_inactive: "!VIRTUAL_CARD_ONLY" },
    stolen: {
      virtual: "!CARD_ALREADY_VOIDED",
      physical: "!VIRTUAL_CARD_ONLY",
      physical_inactive: "!VIRTUAL_CARD_ONLY",
    },
    voided: {
      virtual: "!CARD_ALREADY_VOIDED",
      physical: "!VIRTUAL_CARD_ONLY",
      physical_inactive: "!VIRTUAL_CARD_ONLY",
    },
  },
  report_lost: {
    active: all("lost"),
    frozen: all("lost"),
    blocked: all("lost"),
    lost: all("!CARD_ALREADY_REPORTED"),
    stolen: all("!CARD_ALREADY_REPORTED"),
    voided: all("!CARD_ALREADY_VOIDED"),
  },
  report_stolen: {
    active: all("stolen"),
    frozen: all("stolen"),
    blocked: all("stolen"),
    lost: all("!CARD_ALREADY_REPORTED"),
    stolen: all("!CARD_ALREADY_REPORTED"),
    voided: all("!CARD_ALREADY_VOIDED"),
  },
  block: {
    active: all("blocked"),
    frozen: all("blocked"),
    blocked: all("!CARD_ALREADY_BLOCKED"),
    lost: all("!CARD_NOT_ACTIVE"),
    stolen: all("!CARD_NOT_ACTIVE"),
    voided: all("!CARD_NOT_ACTIVE"),
  },
  unblock: {
    active: all("!CARD_NOT_BLOCKED"),
    frozen: all("!CARD_NOT_BLOCKED"),
    // The fixture's blocked card was not frozen before its block; the restore-to-frozen case is below.
    blocked: all("active"),
    lost: all("!CARD_NOT_ACTIVE"),
    stolen: all("!CARD_NOT_ACTIVE"),
    voided: all("!CARD_NOT_ACTIVE"),
  },
  activate: {
    active: {
      virtual: "!PHYSICAL_CARD_ONLY",
      physical: "!CARD_ALREADY_ACTIVATED",
      physical_inactive: "active",
    },
    frozen: {
      virtual: "!PHYSICAL_CARD_ONLY",
      physical: "!CARD_ALREADY_ACTIVATED",
      physical_inactive: "!CARD_NOT_ACTIVE",
    },
    blocked: {
      virtual: "!PHYSICAL_CARD_ONLY",
      physical: "!CARD_ALREADY_ACTIVATED",
      physical_inactive: "!CARD_NOT_ACTIVE",
    },
    lost: {
      virtual: "!PHYSICAL_CARD_ONLY",
      physical: "!CARD_ALREADY_ACTIVATED",
      physical_inactive: "!CARD_NOT_ACTIVE",
    },
    stolen: {
      virtual: "!PHYSICAL_CARD_ONLY",
      physical: "!CARD_ALREADY_ACTIVATED",
      physical_inactive: "!CARD_NOT_ACTIVE",
    },
    voided: {
      virtual: "!PHYSICAL_CARD_ONLY",
      physical: "!CARD_ALREADY_ACTIVATED",
      physical_inactive: "!CARD_NOT_ACTIVE",
    },
  },
};

/** The event each successful action raises, and the status it carries. */
const EVENT_OF: Record<CardAction, { type: string; status: string }> = {
  freeze: { type: "card.frozen", status: "frozen" },
  unfreeze: { type: "card.unfrozen", status: "active" },
  void: { type: "card.voided", status: "voided" },
  report_lost: { type: "card.lost", status: "lost" },
  report_stolen: { type: "card.stolen", status: "stolen" },
  block: { type: "card.deactivated", status: "blocked" },
  unblock: { type: "card.unfrozen", status: "active" },
  activate: { type: "card.activated", status: "active" },
};

/** The column each successful action stamps with the time of the change (or clears: null). */
const STAMP_OF: Record<CardAction, { column: keyof CardRow; value: "at" | null }> = {
  freeze: { column: "frozenAt", value: "at" },
  unfreeze: { column: "frozenAt", value: null },
  void: { column: "voidedAt", value: "at" },
  report_lost: { column: "lostAt", value: "at" },
  report_stolen: { column: "stolenAt", value: "at" },
  block: { column: "blockedAt", value: "at" },
  unblock: { column: "blockedAt", value: null },
  activate: { column: "activatedAt", value: "at" },
};

function keyCtx(orgId: string): Ctx {
  return {
    db: database.db,
    orgId,
    actor: { type: "apiKey", keyId: "key_transitions", scopes: ["read", "write"] },
  };
}

/** Runs the action through its real service function; answers the time it reports, or the error. */
async function run(
  ctx: Ctx,
  action: CardAction,
  svcCardId: string,
  cardId: string,
): Promise<{ at: string } | { error: unknown }> {
  const target = { svcCardId, cardId };
  try {
    switch (action) {
      case "freeze":
        return { at: (await freezeCard({ ctx, input: target })).frozen_at };
      case "unfreeze":
        return { at: (await unfreezeCard({ ctx, input: target })).unfrozen_at };
      case "void":
        return { at: (await voidCard({ ctx, input: target })).voided_at };
      case "report_lost":
        return { at: (await reportCard({ ctx, input: { ...target, reason: "lost" } })).reported_at };
      case "report_stolen":
        return { at: (await reportCard({ ctx, input: { ...target, reason: "stolen" } })).reported_at };
      case "block":
        return { at: (await blockCard({ ctx, input: target })).blocked_at };
      case "unblock":
        return { at: (await unblockCard({ ctx, input: target })).unblocked_at };
      case "activate":
        return { at: (await activatePhysicalCard({ ctx, input: { cardId } })).activated_at! };
    }
  } catch (error) {
    return { error };
  }
}

async function eventsOf(orgId: string, cardToken: string) {
  return (
    database.db
      .select({ type: outboxEvents.type, data: outboxEvents.data })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.orgId, orgId), sql`${outboxEvents.data}->>'card_id' = ${cardToken}`))
      // In the order raised: the worker's dispatch moves a row in the heap, so an unordered read may swap them.
      .orderBy(outboxEvents.seq)
  );
}

async function reload(card: CardRow): Promise<CardRow> {
  const [row] = await database.db.select().from(cards).where(eq(cards.id, card.id));
  return row!;
}

async function networkStatus(cardToken: string): Promise<string> {
  const [row] = await database.db
    .select({ status: simCards.status })
    .from(simCards)
    .where(eq(simCards.cardToken, cardToken));
  return row!.status;
}

const optionsOf = (kind: CardKind) => ({
  cardType: kind === "virtual" ? ("virtual" as const) : ("physical" as const),
  activated: kind !== "physical_inactive",
});
const STAMPED: (keyof CardRow)[] = ["activatedAt", "frozenAt", "voidedAt", "lostAt", "stolenAt", "blockedAt"];

describe("card transitions, every action x state x kind, through the service functions", () => {
  it("the code's table agrees with the rules written in this test, cell by cell", () => {
    for (const action of CARD_ACTIONS)
      for (const state of STATES)
        for (const kind of CARD_KINDS) {
          const card = {
            cardType: kind === "virtual" ? "virtual" : "physical",
            activatedAt: kind === "physical_inactive" ? null : new Date(),
            status: state,
            frozenAt: null,
          } as const;
          const outcome = decide(action, card);
          const got = outcome.kind === "refusal" ? `!${outcome.code}` : outcome.to;
          expect(got, `${action} ${state} ${kind}`).toBe(EXPECTED[action][state][kind]);
        }
    // Every action has a cell for every state: nothing is left to a default.
    for (const action of CARD_ACTIONS)
      expect(Object.keys(CARD_TRANSITIONS[action]).sort()).toEqual([...STATES].sort());
  });

  for (const action of CARD_ACTIONS) {
    it(`${action}: every state and kind`, async () => {
      const org = await createTestOrg(database.db);
      const ctx = keyCtx(org.orgId);
      const customer = await createReadyCustomer(database.db, org.orgId, { step: 6, flowStatus: "active" });
      for (const state of STATES) {
        for (const kind of CARD_KINDS) {
          const label = `${action} on a ${state} ${kind} card`;
          const before = await createTestCard(database.db, customer, { ...optionsOf(kind), status: state });
          const expected = EXPECTED[action][state][kind];
          const result = await run(ctx, action, customer.svcCardId, before.id);
          const after = await reload(before);
          const events = await eventsOf(org.orgId, before.cardToken);

          if (expected.startsWith("!")) {
            expect("error" in result, label).toBe(true);
            const error = (result as { error: unknown }).error;
            expect(isServiceError(error) && error.code, label).toBe(expected.slice(1));
            expect(after, `${label}: row untouched`).toEqual(before);
            expect(events, `${label}: no event`).toEqual([]);
            expect(await networkStatus(before.cardToken), `${label}: network untouched`).toBe(state);
            continue;
          }

          expect(result, label).not.toHaveProperty("error");
          const at = (result as { at: string }).at;
          expect(after.status, label).toBe(expected);
          expect(await networkStatus(before.cardToken), `${label}: network told`).toBe(expected);
          expect(after.updatedAt.toISOString(), label).toBe(at);
          const stamp = STAMP_OF[action];
          expect(
            after[stamp.column] instanceof Date
              ? (after[stamp.column] as Date).toISOString()
              : after[stamp.column],
            `${label}: ${stamp.column}`,
          ).toBe(stamp.value === "at" ? at : null);
          for (const column of STAMPED)
            if (column !== stamp.column)
              expect(after[column], `${label}: ${column} unchanged`).toEqual(before[column]);
          expect(events, `${label}: one event`).toEqual([
            {
              type: EVENT_OF[action].type,
              data: {
                svc_card_id: customer.svcCardId,
                card_id: before.cardToken,
                status: EVENT_OF[action].status,
                timestamp: at,
                metadata: {},
              },
            },
          ]);
          expect(before.cardToken).not.toBe(before.id);
        }
      }
    });
  }

  it(
    "unblock returns a card that was frozen before its block to frozen " +
      "(card.frozen), and unfreeze then works",
    async () => {
      const org = await createTestOrg(database.db);
      const ctx = keyCtx(org.orgId);
      const customer = await createReadyCustomer(database.db, org.orgId);
      const card = await createTestCard(database.db, customer, { status: "frozen" });
      const frozenAt = card.frozenAt;
      await blockCard({ ctx, input: { svcCardId: customer.svcCardId, cardId: card.id } });
      const unblocked = await unblockCard({ ctx, input: { svcCardId: customer.svcCardId, cardId: card.id } });
      expect(unblocked).toMatchObject({ is_blocked: false, status: "frozen" });
      const row = await reload(card);
      expect(row).toMatchObject({ status: "frozen", blockedAt: null, frozenAt });
      const events = await eventsOf(org.orgId, card.cardToken);
      expect(events.map((e) => [e.type, e.data.status])).toEqual([
        ["card.deactivated", "blocked"],
        ["card.frozen", "frozen"],
      ]);
      await unfreezeCard({ ctx, input: { svcCardId: customer.svcCardId, cardId: card.id } });
      expect((await reload(card)).status).toBe("active");
    },
  );

  it("a stolen card reads as voided with is_stolen; a lost card as lost", async () => {
    const org = await createTestOrg(database.db);
    const ctx = keyCtx(org.orgId);
    const customer = await createReadyCustomer(database.db, org.orgId);
    const a = await createTestCard(database.db, customer);
    const b = await createTestCard(database.db, customer);
    expect(
      await reportCard({ ctx, input: { svcCardId: customer.svcCardId, cardId: a.id, reason: "stolen" } }),
    ).toMatchObject({ status: "voided", is_lost: false, is_stolen: true });
    expect(
      await reportCard({ ctx, input: { svcCardId: customer.svcCardId, cardId: b.id, reason: "lost" } }),
    ).toMatchObject({ status: "lost", is_lost: true, is_stolen: false });
    expect(cardView(await reload(a))).toMatchObject({ status: "voided", is_void: true, is_stolen: true });
  });

  it("activation needs the wallet deployed; another organization's card is 404", async () => {
    const org = await createTestOrg(database.db);
    const other = await createTestOrg(database.db);
    const customer = await createReadyCustomer(database.db, org.orgId, {
      safeState: "processing",
      safeDeployedAt: null,
    });
    const card = await createTestCard(database.db, customer, { cardType: "physical", activated: false });
    const refused = await run(keyCtx(org.orgId), "activate", customer.svcCardId, card.id);
    expect(
      isServiceError((refused as { error: unknown }).error) &&
        (refused as { error: { code: string } }).error.code,
    ).toBe("WALLET_NOT_DEPLOYED");
    expect(await reload(card)).toEqual(card);
    const foreign = await run(keyCtx(other.orgId), "activate", customer.svcCardId, card.id);
    expect((foreign as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });

  it(
    "the event exists only if the change commits: a change rolled back " + "after it leaves neither",
    async () => {
      const org = await createTestOrg(database.db);
      const ctx = keyCtx(org.orgId);
      const customer = await createReadyCustomer(database.db, org.orgId);
      const card = await createTestCard(database.db, customer);
      await expect(
        database.db.transaction(async (tx) => {
          const [locked] = await tx.select().from(cards).where(eq(cards.id, card.id)).for("update");
          await applyCardAction({ ...ctx, db: tx }, tx, { customer, card: locked! }, "freeze");
          throw new Error("later step failed");
        }),
      ).rejects.toThrow("later step failed");
      expect(await reload(card)).toEqual(card);
      expect(await eventsOf(org.orgId, card.cardToken)).toEqual([]);
      expect(await networkStatus(card.cardToken)).toBe("active");
    },
  );
});
