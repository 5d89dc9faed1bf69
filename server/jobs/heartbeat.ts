import { and, desc, gt, isNull } from "drizzle-orm";
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
    .where(and(isNull(workerHeartbeats.stoppedAt), gt(workerHeartbeats.beatAt, new Date(Date.now() - HEARTBEAT_STALE_MS))))
    .orderBy(desc(workerHeartbeats.beatAt))
    .limit(1);
  return row ?? null;
}
