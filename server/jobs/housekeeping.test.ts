import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { accessTokens, signInTickets, stepUps } from "@/server/db/schema/identity";
import { idempotencyKeys, jobs, rateLimitCounters, workerHeartbeats } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import {
  ensureHousekeepingScheduled,
  HOUSEKEEPING_INTERVAL_MS,
  HOUSEKEEPING_KIND,
  registerHousekeeping,
  runHousekeeping,
} from "./housekeeping";
import { jobHandler } from "./job-handlers";

const database = withTestDatabase({ install: false });

const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);
const DAY = 86_400_000;

describe("housekeeping", () => {
  it("purges what expired and keeps what is live", async () => {
    const db = database.db;
    const { orgId, admin } = await createTestOrg(db);
    const tag = randomBase62(8);
    await db.insert(rateLimitCounters).values([
      { bucket: `old-${tag}`, windowStart: ago(DAY), count: 3, expiresAt: ago(1_000) },
      { bucket: `live-${tag}`, windowStart: new Date(), count: 1, expiresAt: ahead(60_000) },
    ]);
    await db.insert(idempotencyKeys).values([
      {
        orgId,
        actor: `user:${admin.userId}`,
        method: "POST",
        path: "/x",
        key: `old-${tag}`,
        requestHash: "h",
        state: "completed",
        expiresAt: ago(1_000),
      },
      {
        orgId,
        actor: `user:${admin.userId}`,
        method: "POST",
        path: "/x",
        key: `live-${tag}`,
        requestHash: "h",
        state: "completed",
        expiresAt: ahead(DAY),
      },
    ]);
    await db.insert(signInTickets).values([
      { id: `tkt_old_${tag}`, ticketHash: `old-${tag}`, userId: admin.userId, expiresAt: ago(1_000) },
      { id: `tkt_live_${tag}`, ticketHash: `live-${tag}`, userId: admin.userId, expiresAt: ahead(60_000) },
    ]);
    await db.insert(stepUps).values([
      { sessionId: `old-${tag}`, userId: admin.userId, validUntil: ago(1_000) },
      { sessionId: `live-${tag}`, userId: admin.userId, validUntil: ahead(60_000) },
    ]);
    await db.insert(accessTokens).values([
      {
        id: `tok_old_${tag}`,
        tokenHash: `old-${tag}`,
        kind: "user",
        orgId,
        userId: admin.userId,
        expiresAt: ago(2 * DAY),
      },
      {
        id: `tok_live_${tag}`,
        tokenHash: `live-${tag}`,
        kind: "user",
        orgId,
        userId: admin.userId,
        expiresAt: ahead(3_600_000),
      },
    ]);
    const kind = `test.hk.${tag}`;
    await db.insert(jobs).values([
      { id: `job_old_${tag}`, kind, status: "succeeded", finishedAt: ago(8 * DAY) },
      { id: `job_oldfail_${tag}`, kind, status: "failed", finishedAt: ago(8 * DAY) },
      { id: `job_recent_${tag}`, kind, status: "succeeded", finishedAt: ago(DAY) },
      { id: `job_pending_${tag}`, kind, status: "pending", createdAt: ago(30 * DAY), runAt: ahead(DAY) },
    ]);
    await db.insert(workerHeartbeats).values([
      { workerId: `wrk_stopped_${tag}`, host: "h", pid: 1, beatAt: ago(2 * DAY), stoppedAt: ago(2 * DAY) },
      { workerId: `wrk_vanished_${tag}`, host: "h", pid: 2, beatAt: ago(2 * DAY) },
      { workerId: `wrk_recent_${tag}`, host: "h", pid: 3, beatAt: ago(3_600_000), stoppedAt: ago(3_600_000) },
    ]);

    const report = await runHousekeeping(db);
    expect(Object.values(report)).not.toContain("failed");

    const keys = (rows: { k: string }[]) => rows.map((r) => r.k).sort();
    expect(
      keys(
        await db
          .select({ k: rateLimitCounters.bucket })
          .from(rateLimitCounters)
          .where(inArray(rateLimitCounters.bucket, [`old-${tag}`, `live-${tag}`])),
      ),
    ).toEqual([`live-${tag}`]);
    expect(
      keys(
        await db
          .select({ k: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.orgId, orgId)),
      ),
    ).toEqual([`live-${tag}`]);
    expect(
      keys(
        await db
          .select({ k: signInTickets.id })
          .from(signInTickets)
          .where(eq(signInTickets.userId, admin.userId)),
      ),
    ).toEqual([`tkt_live_${tag}`]);
    expect(
      keys(await db.select({ k: stepUps.sessionId }).from(stepUps).where(eq(stepUps.userId, admin.userId))),
    ).toEqual([`live-${tag}`]);
    expect(
      keys(
        await db
          .select({ k: accessTokens.id })
          .from(accessTokens)
          .where(inArray(accessTokens.id, [`tok_old_${tag}`, `tok_live_${tag}`])),
      ),
    ).toEqual([`tok_live_${tag}`]);
    expect(keys(await db.select({ k: jobs.id }).from(jobs).where(eq(jobs.kind, kind)))).toEqual([
      `job_pending_${tag}`,
      `job_recent_${tag}`,
    ]);
    expect(
      keys(
        await db
          .select({ k: workerHeartbeats.workerId })
          .from(workerHeartbeats)
          .where(
            inArray(workerHeartbeats.workerId, [
              `wrk_stopped_${tag}`,
              `wrk_vanished_${tag}`,
              `wrk_recent_${tag}`,
            ]),
          ),
      ),
    ).toEqual([`wrk_recent_${tag}`]);
  });

  it("is scheduled once however often workers start, and asks to run again later", async () => {
    const first = await ensureHousekeepingScheduled(database.db);
    const second = await ensureHousekeepingScheduled(database.db);
    expect(second).toEqual({ id: first.id, created: false });
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, first.id));
    expect(row).toMatchObject({ kind: HOUSEKEEPING_KIND, dedupeKey: HOUSEKEEPING_KIND });

    registerHousekeeping();
    const handler = jobHandler(HOUSEKEEPING_KIND)!;
    expect(handler.maxConcurrency).toBe(1);
    const before = Date.now();
    const outcome = await handler.handler({
      db: database.db,
      job: row!,
      signal: new AbortController().signal,
    });
    expect(outcome && outcome.repeatAt!.getTime()).toBeGreaterThanOrEqual(before + HOUSEKEEPING_INTERVAL_MS);
  });
});
