import { and, eq, inArray, sql } from "drizzle-orm";
import { newId } from "@/lib/ids";
import type { Db } from "@/server/db/client";
import { jobs } from "@/server/db/schema/platform";

export interface EnqueueJobInput {
  kind: string;
  payload?: Record<string, unknown>;
  orgId?: string | null;
  /** Not before this time; default now. */
  runAt?: Date;
  /** At most one unfinished (pending or running) job per key; a second enqueue returns the first. */
  dedupeKey?: string | null;
  /** Runs in all, counting the first; default 5. */
  maxAttempts?: number;
}

export interface EnqueuedJob {
  id: string;
  /** False when an unfinished job with the same dedupe key already existed (its id is returned). */
  created: boolean;
}

const enqueued = new Set<() => void>();

/**
 * Called after every enqueue in this process (before its transaction commits, if it is in one). The
 * embedded database's workers wake on it: there a claim waits for any open transaction to end, so it
 * sees the job. On Postgres they poll (another process may enqueue too) and do not listen.
 */
export function onJobEnqueued(listener: () => void): () => void {
  enqueued.add(listener);
  return () => enqueued.delete(listener);
}

const jobEnqueued = () => {
  for (const listener of enqueued) listener();
};

/**
 * Adds a job. Pass the transaction of a change to enqueue atomically with it. The dedupe key is
 * race-safe: a unique partial index on unfinished jobs decides, not a read-then-write.
 */
export async function enqueueJob(db: Db, input: EnqueueJobInput): Promise<EnqueuedJob> {
  const values = {
    id: newId("job"),
    kind: input.kind,
    payload: input.payload ?? {},
    orgId: input.orgId ?? null,
    runAt: input.runAt ?? sql`now()`,
    maxAttempts: input.maxAttempts ?? 5,
    dedupeKey: input.dedupeKey ?? null,
  };
  if (!values.dedupeKey) {
    await db.insert(jobs).values(values);
    jobEnqueued();
    return { id: values.id, created: true };
  }
  // The existing job may finish between our conflict and our read: then insert again.
  for (let tries = 0; tries < 3; tries++) {
    const inserted = await db
      .insert(jobs)
      .values(values)
      .onConflictDoNothing({
        target: jobs.dedupeKey,
        where: sql`dedupe_key is not null and status in ('pending', 'running')`,
      })
      .returning({ id: jobs.id });
    if (inserted.length > 0) {
      jobEnqueued();
      return { id: values.id, created: true };
    }
    const [existing] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, values.dedupeKey), inArray(jobs.status, ["pending", "running"])))
      .limit(1);
    if (existing) return { id: existing.id, created: false };
  }
  throw new Error(`Could not enqueue job with dedupe key ${values.dedupeKey}: it kept changing`);
}
