import { describe, expect, it } from "vitest";
import { listenForNotifications } from "@/server/events/listen";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { emitEvent, OUTBOX_CHANNEL } from "./outbox";

/** LISTEN/NOTIFY is Postgres' own (PGlite's dispatcher polls): run with vitest.postgres.config.ts. */
const database = withTestDatabase({ install: false });

describe("emitting an event on Postgres", () => {
  it("wakes the dispatchers' listeners at commit, not for a rollback", async () => {
    const { orgId } = await createTestOrg(database.db);
    let woken = 0;
    const stop = listenForNotifications(database.db, OUTBOX_CHANNEL, () => woken++);
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < 50 && woken === 0; i++) await sleep(20); // listening: it wakes once at the start
    const settled = woken;
    await expect(
      database.db.transaction(async (tx) => {
        await emitEvent(tx, { orgId, type: "a.never", data: {} });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await sleep(200);
    expect(woken).toBe(settled);
    await emitEvent(database.db, { orgId, type: "a.committed", data: {} });
    for (let i = 0; i < 50 && woken === settled; i++) await sleep(20);
    expect(woken).toBeGreaterThan(settled);
    await stop();
  });
});
