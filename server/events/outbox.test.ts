import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { organizations } from "@/server/db/schema/identity";
import { auditLog, outboxEvents } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import {
  type DispatchedEvent,
  dispatchOutbox,
  registerEventBatchConsumer,
  registerEventConsumer,
} from "./dispatch";
import { emitEvent, emitEvents } from "./outbox";

const database = withTestDatabase({ install: false });
const unregister: (() => void)[] = [];
afterEach(() => {
  while (unregister.length) unregister.pop()!();
});

const eventsOf = (orgId: string) =>
  database.db.select().from(outboxEvents).where(eq(outboxEvents.orgId, orgId)).orderBy(asc(outboxEvents.seq));

describe("transactional outbox", () => {
  it("commits an event with its change, with a stable evt_ id and the envelope fields", async () => {
    const { orgId } = await createTestOrg(database.db);
    const emitted = await database.db.transaction(async (tx) => {
      await tx.update(organizations).set({ name: "Renamed" }).where(eq(organizations.id, orgId));
      return emitEvent(tx, { orgId, type: "organization.renamed", data: { name: "Renamed" } });
    });
    expect(emitted.id).toMatch(/^evt_[0-9A-Za-z]{20}$/);
    expect(emitted.type).toBe("organization.renamed");
    expect(new Date(emitted.created_at).toISOString()).toBe(emitted.created_at);
    const [row] = await eventsOf(orgId);
    expect(row).toMatchObject({
      id: emitted.id,
      type: "organization.renamed",
      data: { name: "Renamed" },
      dispatchedAt: null,
    });
  });

  it("leaves no event when the transaction of the change rolls back", async () => {
    const { orgId } = await createTestOrg(database.db);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(organizations).set({ name: "Never" }).where(eq(organizations.id, orgId));
        await emitEvent(tx, { orgId, type: "organization.renamed", data: { name: "Never" } });
        throw new Error("the change failed after the event was written");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsOf(orgId)).toHaveLength(0);
    const [org] = await database.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org!.name).not.toBe("Never");
  });
});

describe("emitting several events", () => {
  it("writes them in the order given, in one statement of the change's transaction", async () => {
    const { orgId } = await createTestOrg(database.db);
    const emitted = await database.db.transaction((tx) =>
      emitEvents(tx, [
        { orgId, type: "a.one", data: { n: 1 } },
        { orgId, type: "a.two", data: { n: 2 } },
      ]),
    );
    expect(emitted.map((e) => e.type)).toEqual(["a.one", "a.two"]);
    expect((await eventsOf(orgId)).map((e) => [e.id, e.type])).toEqual(emitted.map((e) => [e.id, e.type]));
  });
});

describe("outbox dispatch", () => {
  it("runs consumers in outbox order, and their writes commit with the dispatched stamp", async () => {
    const { orgId } = await createTestOrg(database.db);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await emitEvent(database.db, { orgId, type: "test.ordered", data: { i } })).id);
    const seen: DispatchedEvent[] = [];
    unregister.push(
      registerEventConsumer("test-recorder", async (tx, event) => {
        if (event.orgId !== orgId) return;
        seen.push(event);
        await tx.insert(auditLog).values({
          id: `aud_${event.envelope.id}`,
          orgId,
          actorType: "system",
          action: "test.consumed",
          targetId: event.envelope.id,
        });
      }),
    );
    const result = await dispatchOutbox(database.db, { orgId });
    expect(result).toEqual({ claimed: 5, dispatched: 5, failed: 0 });
    expect(seen.map((e) => e.envelope.id)).toEqual(ids);
    expect(seen.map((e) => e.envelope.data)).toEqual([0, 1, 2, 3, 4].map((i) => ({ i })));
    expect(seen[0]!.envelope).toEqual({
      id: ids[0],
      type: "test.ordered",
      created_at: expect.any(String),
      // test.ordered names no object: the program (the organization) is its object.
      object_id: orgId,
      sequence: 1,
      data: { i: 0 },
    });
    expect(seen.map((e) => e.envelope.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect((await eventsOf(orgId)).every((r) => r.dispatchedAt !== null)).toBe(true);
    const consumed = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, orgId), eq(auditLog.action, "test.consumed")));
    expect(consumed).toHaveLength(5);
    // Dispatched events are not claimed again.
    expect(await dispatchOutbox(database.db, { orgId })).toEqual({ claimed: 0, dispatched: 0, failed: 0 });
  });

  it(
    "is at least once: a consumer that throws rolls back its writes, the " +
      "event stays undispatched and is retried after a backoff",
    async () => {
      const { orgId } = await createTestOrg(database.db);
      const first = await emitEvent(database.db, { orgId, type: "test.flaky", data: { n: 1 } });
      const second = await emitEvent(database.db, { orgId, type: "test.flaky", data: { n: 2 } });
      const calls: string[] = [];
      let failNext = true;
      unregister.push(
        registerEventConsumer("test-flaky", async (tx, event) => {
          if (event.orgId !== orgId) return;
          calls.push(event.envelope.id);
          await tx.insert(auditLog).values({
            id: `aud_${event.envelope.id}_${calls.length}`,
            orgId,
            actorType: "system",
            action: "test.flaky",
          });
          if (event.envelope.id === first.id && failNext) {
            failNext = false;
            throw new Error("receiver unavailable");
          }
        }),
      );
      expect(await dispatchOutbox(database.db, { orgId })).toEqual({ claimed: 2, dispatched: 1, failed: 1 });
      let rows = await eventsOf(orgId);
      expect(rows[0]).toMatchObject({
        id: first.id,
        dispatchedAt: null,
        dispatchAttempts: 1,
        lastError: "test-flaky: receiver unavailable",
      });
      expect(rows[0]!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
      expect(rows[1]!.dispatchedAt).not.toBeNull();
      // The failed consumer's write was rolled back with it; the other event's write is there.
      expect(await database.db.select().from(auditLog).where(eq(auditLog.orgId, orgId))).toHaveLength(1);

      // Within the backoff it is not claimed again.
      expect(await dispatchOutbox(database.db, { orgId })).toMatchObject({ claimed: 0 });
      await new Promise((r) => setTimeout(r, 1_100));
      expect(await dispatchOutbox(database.db, { orgId })).toEqual({ claimed: 1, dispatched: 1, failed: 0 });
      rows = await eventsOf(orgId);
      expect(rows.every((r) => r.dispatchedAt !== null)).toBe(true);
      expect(calls).toEqual([first.id, second.id, first.id]);
      expect(await database.db.select().from(auditLog).where(eq(auditLog.orgId, orgId))).toHaveLength(2);
    },
  );

  it("just stamps events when no consumer is registered", async () => {
    const { orgId } = await createTestOrg(database.db);
    await emitEvent(database.db, { orgId, type: "test.unheard", data: {} });
    await emitEvent(database.db, { orgId, type: "test.unheard", data: {} });
    expect(await dispatchOutbox(database.db, { orgId })).toEqual({ claimed: 2, dispatched: 2, failed: 0 });
    expect((await eventsOf(orgId)).every((r) => r.dispatchedAt !== null)).toBe(true);
  });

  it("lets concurrent dispatchers take disjoint batches: every event consumed exactly once", async () => {
    const { orgId } = await createTestOrg(database.db);
    for (let i = 0; i < 12; i++)
      await emitEvent(database.db, { orgId, type: "test.concurrent", data: { i } });
    const consumed: string[] = [];
    unregister.push(
      registerEventConsumer("test-concurrent", async (_tx, event) => {
        if (event.orgId !== orgId) return;
        consumed.push(event.envelope.id);
        await new Promise((r) => setTimeout(r, 5));
      }),
    );
    const results = await Promise.all([0, 1, 2].map(() => dispatchOutbox(database.db, { orgId, limit: 4 })));
    expect(results.reduce((n, r) => n + r.dispatched, 0)).toBe(12);
    expect(new Set(consumed).size).toBe(12);
    expect(consumed).toHaveLength(12);
  });
});

describe("batch consumers", () => {
  it(
    "take the whole batch in one go, and isolate a failing event by " + "retrying the rest one by one",
    async () => {
      const { orgId } = await createTestOrg(database.db);
      const ok1 = await emitEvent(database.db, { orgId, type: "test.batch", data: { n: 1 } });
      const bad = await emitEvent(database.db, { orgId, type: "test.batch", data: { n: 2 } });
      const ok2 = await emitEvent(database.db, { orgId, type: "test.batch", data: { n: 3 } });
      const batches: string[][] = [];
      const stop = registerEventBatchConsumer("test-batch", async (tx, events) => {
        const mine = events.filter((e) => e.orgId === orgId);
        batches.push(mine.map((e) => e.envelope.id));
        for (const e of mine)
          await tx.insert(auditLog).values({
            id: `aud_${e.envelope.id}_${batches.length}`,
            orgId,
            actorType: "system",
            action: "test.batch",
          });
        if (mine.some((e) => e.envelope.id === bad.id)) throw new Error("poison event");
      });
      try {
        expect(await dispatchOutbox(database.db, { orgId })).toEqual({
          claimed: 3,
          dispatched: 2,
          failed: 1,
        });
      } finally {
        stop();
      }
      // One call with the whole batch, then one per event after it failed.
      expect(batches).toEqual([[ok1.id, bad.id, ok2.id], [ok1.id], [bad.id], [ok2.id]]);
      const rows = await eventsOf(orgId);
      expect(rows.find((r) => r.id === bad.id)).toMatchObject({
        dispatchedAt: null,
        dispatchAttempts: 1,
        lastError: "test-batch: poison event",
      });
      expect(
        rows
          .filter((r) => r.dispatchedAt !== null)
          .map((r) => r.id)
          .sort(),
      ).toEqual([ok1.id, ok2.id].sort());
      // Only the per-event writes of the good events survived.
      expect(await database.db.select().from(auditLog).where(eq(auditLog.orgId, orgId))).toHaveLength(2);
    },
  );
});
