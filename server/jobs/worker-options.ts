import type { Db } from "@/server/db/client";
import type { DispatchOptions } from "@/server/events/dispatch";

export interface WorkerOptions {
  db: Db;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** Idle wait between polls on Postgres; a finished job or stop() cuts it short. */
  pollMs?: number;
  /**
   * On the embedded database, which has no poll: the longest sleep until something due is looked for
   * again, the guarantee beside the in-process wakes (default 5 s).
   */
  idleMaxMs?: number;
  /** Only these kinds (default: every registered kind). A worker never claims a kind it cannot run. */
  kinds?: string[];
  /**
   * Only this organization's jobs and those of no organization (the webhook delivery pumps,
   * housekeeping); default: every organization's. Tests on a shared Postgres scope their worker to
   * their organization, as they do its events, so it never runs another test file's program's jobs.
   */
  orgId?: string;
  workerId?: string;
  /**
   * Dispatching the event outbox: false turns it off, options are passed to dispatchOutbox (default
   * {}: every organization). Tests on a shared Postgres turn it off or scope it to their organization.
   */
  events?: false | DispatchOptions;
}

export interface WorkerHandle {
  id: string;
  /**
   * Stops claiming, waits up to graceMs (default 10 s) for running jobs, then aborts the rest and
   * releases them (pending again, attempt not counted), marks the heartbeat stopped. Idempotent.
   */
  stop(graceMs?: number): Promise<void>;
}
