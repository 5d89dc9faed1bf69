import type { Db } from "@/server/db/client";
import type { jobs } from "@/server/db/schema/platform";

export type JobRow = typeof jobs.$inferSelect;

/** What a handler may ask of the worker when it succeeds. */
export interface JobOutcome {
  /**
   * Enqueue the same job again (same kind, payload, org, dedupe key) to run at this time. Done in
   * the transaction that marks this run succeeded, so a recurring job never has zero or two
   * pending copies even with a dedupe key (which the running copy still holds until then).
   */
  repeatAt?: Date;
}

export interface JobContext {
  db: Db;
  /** The claimed row: `attempts` counts this run. */
  job: JobRow;
  /** Aborted when the worker shuts down past its grace period or this run lost its lease. */
  signal: AbortSignal;
}

/**
 * Runs a job. Jobs are delivered at least once (a crash or a lost lease runs them again), so a
 * handler must be idempotent. Throwing retries with backoff; throw PermanentJobError to fail now.
 */
export type JobHandler = (ctx: JobContext) => Promise<void | JobOutcome>;

export interface JobHandlerOptions {
  /** How long a claim lasts without renewal; the worker renews at half-time while the handler runs. */
  leaseSeconds?: number;
  /** Most runs of this kind at once in one worker process (not across processes). */
  maxConcurrency?: number;
  /** Milliseconds to wait before the next attempt, given the attempt that just failed (1-based). */
  backoff?: (attempt: number, error: unknown) => number;
}

export interface RegisteredJobHandler {
  kind: string;
  handler: JobHandler;
  leaseSeconds: number;
  maxConcurrency: number | undefined;
  backoff: (attempt: number, error: unknown) => number;
}

export const DEFAULT_LEASE_SECONDS = 30;

/** 5 s, 10 s, 20 s ... capped at 1 h. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempt - 1));
}

/** Thrown by a handler when retrying cannot help (bad payload, object gone): fails the job at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentJobError";
  }
}

/** A string the job was enqueued with; a job without it can never succeed, so it fails for good. */
export function payloadString(payload: unknown, key: string): string {
  const value = (payload as Record<string, unknown> | null)?.[key];
  if (typeof value !== "string" || !value) throw new PermanentJobError(`The job's payload has no ${key}.`);
  return value;
}

const handlers = new Map<string, RegisteredJobHandler>();

/** Registers (or replaces) the handler of a job kind; returns a function that removes it. */
export function registerJobHandler(
  kind: string,
  handler: JobHandler,
  opts: JobHandlerOptions = {},
): () => void {
  const entry: RegisteredJobHandler = {
    kind,
    handler,
    leaseSeconds: opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
    maxConcurrency: opts.maxConcurrency,
    backoff: opts.backoff ?? defaultBackoffMs,
  };
  handlers.set(kind, entry);
  return () => {
    if (handlers.get(kind) === entry) handlers.delete(kind);
  };
}

export function jobHandler(kind: string): RegisteredJobHandler | undefined {
  return handlers.get(kind);
}

/** Every registered kind: a worker claims only jobs it can run. */
export function registeredJobKinds(): string[] {
  return [...handlers.keys()];
}
