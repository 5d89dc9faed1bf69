import pg from "pg";

/** How often the replica's state (reachable, replay position, lag) is read again, at most. */
const CHECK_EVERY_MS = 1_000;
/** A replica that failed is left alone this long before it is tried again. */
const RETRY_AFTER_MS = 5_000;
/** Read-your-writes: how long a read waits for the replica to replay a change before reading the primary. */
export const CATCH_UP_WAIT_MS = 200;
const CATCH_UP_POLL_MS = 10;
const CHECK_TIMEOUT_MS = 1_000;

/** A WAL position ("16/B374D848") as a number, to compare. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split("/");
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

/** Whether a WAL position as text is well formed (a cookie or header is never trusted blindly). */
export function isLsn(value: string | undefined): value is string {
  return !!value && /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i.test(value);
}

/**
 * Errors after which a read is repeated on the primary: the replica unreachable, shutting down or
 * starting, or the query cancelled by a conflict with recovery (40001 on a standby). A SQL error
 * of the query itself is not among them: it would fail on the primary too.
 */
export function isReplicaFailure(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code === "string" && /^(08|57P|53|40001$)/.test(e.code)) return true;
  if (typeof e?.code === "string" && /^E[A-Z]+$/.test(e.code)) return true; // ECONNREFUSED, ECONNRESET...
  return /Connection terminated|timeout exceeded when trying to connect/i.test(e?.message ?? "");
}

interface ReplicaState {
  usable: boolean;
  replayLsn: bigint;
  lagMs: number;
  checkedAt: number;
}

/**
 * The replica's side of the routing (server/db/client.ts, `readReplicaOr`): its pool, its state
 * read at most once a second with one cheap query, and the catch-up wait of read-your-writes.
 * Never throws: whatever goes wrong, the answer is "read the primary".
 */
export class Replica {
  private state: ReplicaState = { usable: false, replayLsn: 0n, lagMs: 0, checkedAt: 0 };
  private checking: Promise<void> | null = null;
  private downUntil = 0;
  /** Reads served by each side since start, for tests and the start-up log. */
  readonly counts = { replica: 0, primary: 0 };

  constructor(
    readonly pool: pg.Pool,
    private readonly maxLagMs: number,
  ) {}

  /** Marks the replica failed (a query on it failed): reads go to the primary for a while. */
  markDown(): void {
    this.downUntil = Date.now() + RETRY_AFTER_MS;
    this.state = { ...this.state, usable: false };
  }

  /** Whether a read may go to the replica; with `afterLsn`, once it has replayed that position. */
  async usable(afterLsn?: string): Promise<boolean> {
    const now = Date.now();
    if (now < this.downUntil) return false;
    if (now - this.state.checkedAt > CHECK_EVERY_MS) {
      this.checking ??= this.check().finally(() => (this.checking = null));
      // The first check is waited for; later ones refresh behind the cached answer.
      if (this.state.checkedAt === 0 || !this.state.usable) await this.checking;
    }
    if (!this.state.usable) return false;
    if (!afterLsn || !isLsn(afterLsn)) return true;
    const wanted = lsnValue(afterLsn);
    if (this.state.replayLsn >= wanted) return true;
    return this.waitFor(wanted);
  }

  private async waitFor(wanted: bigint): Promise<boolean> {
    const deadline = Date.now() + CATCH_UP_WAIT_MS;
    for (;;) {
      try {
        const { rows } = await this.pool.query<{ lsn: string | null }>(
          "select pg_last_wal_replay_lsn()::text as lsn",
        );
        const replayed = rows[0]?.lsn ? lsnValue(rows[0].lsn) : 0n;
        if (replayed > this.state.replayLsn) this.state = { ...this.state, replayLsn: replayed };
        if (replayed >= wanted) return true;
      } catch {
        this.markDown();
        return false;
      }
      if (Date.now() + CATCH_UP_POLL_MS > deadline) return false;
      await new Promise((r) => setTimeout(r, CATCH_UP_POLL_MS));
    }
  }

  private async check(): Promise<void> {
    try {
      // Lag is 0 while everything received is replayed (an idle primary sends nothing new), else
      // the age of the last transaction replayed: what a reader of the replica misses at most.
      const query = this.pool.query<{ recovering: boolean; lsn: string | null; lag_ms: number | null }>(
        `select pg_is_in_recovery() as recovering, pg_last_wal_replay_lsn()::text as lsn,
           case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
                else extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 end::float8 as lag_ms`,
      );
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("replica check timed out")), CHECK_TIMEOUT_MS).unref(),
      );
      const { rows } = await Promise.race([query, timeout]);
      const row = rows[0]!;
      const lagMs = row.lag_ms ?? Number.POSITIVE_INFINITY;
      this.state = {
        // A server out of recovery is no longer this primary's replica (promoted): never read there.
        usable: row.recovering && lagMs <= this.maxLagMs,
        replayLsn: row.lsn ? lsnValue(row.lsn) : 0n,
        lagMs,
        checkedAt: Date.now(),
      };
    } catch {
      this.state = { usable: false, replayLsn: 0n, lagMs: Number.POSITIVE_INFINITY, checkedAt: Date.now() };
      this.downUntil = Date.now() + RETRY_AFTER_MS;
    }
  }

  /** What the last check found, for tests and logs. */
  get lastState(): Readonly<ReplicaState> {
    return this.state;
  }

  /** Forgets the last check so the next read checks again (tests). */
  recheck(): void {
    this.state = { ...this.state, checkedAt: 0 };
    this.downUntil = 0;
  }
}
