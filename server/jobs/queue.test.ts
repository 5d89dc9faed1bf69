import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { jobs } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { enqueueJob } from "./queue";

const database = withTestDatabase({ install: false });

const uniqueKind = () => `test.queue.${randomBase62(8)}`;

describe("enqueueJob", () => {
  it("stores a pending job with its defaults", async () => {
    const kind = uniqueKind();
    const runAt = new Date(Date.now() + 60_000);
    const { id, created } = await enqueueJob(database.db, {
      kind,
      payload: { a: 1 },
      orgId: "org_x",
      runAt,
      maxAttempts: 2,
    });
    expect(created).toBe(true);
    expect(id).toMatch(/^job_/);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({
      kind,
      payload: { a: 1 },
      orgId: "org_x",
      status: "pending",
      attempts: 0,
      maxAttempts: 2,
      lockedBy: null,
    });
    expect(row!.runAt.getTime()).toBe(runAt.getTime());
  });

  it("keeps at most one unfinished job per dedupe key, even when enqueued concurrently", async () => {
    const kind = uniqueKind();
    const dedupeKey = `dedupe-${randomBase62(8)}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => enqueueJob(database.db, { kind, dedupeKey })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, kind))).toHaveLength(1);

    // A running job still holds the key; a finished one frees it.
    await database.db.update(jobs).set({ status: "running" }).where(eq(jobs.id, results[0]!.id));
    expect(await enqueueJob(database.db, { kind, dedupeKey })).toEqual({
      id: results[0]!.id,
      created: false,
    });
    await database.db
      .update(jobs)
      .set({ status: "succeeded", finishedAt: new Date() })
      .where(eq(jobs.id, results[0]!.id));
    const next = await enqueueJob(database.db, { kind, dedupeKey });
    expect(next.created).toBe(true);
    expect(next.id).not.toBe(results[0]!.id);
  });

  it("enqueues atomically with the transaction it is given", async () => {
    const kind = uniqueKind();
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, { kind });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, kind))).toHaveLength(0);
  });
});
