import { hostname } from "node:os";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { workerHeartbeats } from "@/server/db/schema/platform";

export const HEARTBEAT_INTERVAL_MS = 5_000;
/** A worker whose last beat is older than this is considered gone (health turns 503). */
export const HEARTBEAT_STALE_MS = 30_000;

/** The freshest heartbeat of a running worker, or null when none beat recently. */
export async function latestHeartbeat(db: Db): Promise<{ workerId: string; beatAt: Date } | null> {
  const [row] = await db
    .select({ workerId: workerHeartbeats.workerId, beatAt: workerHeartbeats.beatAt })
    .from(workerHeartbeats)
    .where(
      and(
        isNull(workerHeartbeats.stoppedAt),
        gt(workerHeartbeats.beatAt, new Date(Date.now() - HEARTBEAT_STALE_MS)),
      ),
    )
    .orderBy(desc(workerHeartbeats.beatAt))
    .limit(1);
  return row ?? null;
}

/** Upserts this worker's heartbeat row (a restarted worker id beats as running again). */
export async function writeHeartbeat(db: Db, workerId: string): Promise<void> {
  await db
    .insert(workerHeartbeats)
    .values({ workerId, host: hostname(), pid: process.pid })
    .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { beatAt: sql`now()`, stoppedAt: null } });
}

/** A stopped worker stops counting for health at once, without waiting HEARTBEAT_STALE_MS. */
export async function markHeartbeatStopped(db: Db, workerId: string): Promise<void> {
  await db
    .update(workerHeartbeats)
    .set({ stoppedAt: sql`now()`, beatAt: sql`now()` })
    .where(eq(workerHeartbeats.workerId, workerId));
}
