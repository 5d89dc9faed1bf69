import type { EventPage, EventView } from "@/lib/contracts/events";
import { ApiError, type Client, UnreachableError } from "./client";
import { type ListenCursor, listenSecret, readConfig, updateConfig } from "./config";
import { backoffMs, forwardEvent, RECEIVER_CHECK, typeMatcher } from "./forward";

/**
 * `card-console listen --forward-to URL` (docs/cli.md): polls the Events API (GET /api/v1/events,
 * docs/events.md) and forwards each new event, oldest first, to a local URL, signed with a stable
 * local secret.
 *
 * Why a look-back window instead of ending_before=<last id>: an event's created_at is the time its
 * transaction started, so a transaction that commits late shows up behind events already seen. Each
 * poll reads the window [last created_at - look-back, now] and forwards what it has not handled;
 * the ids handled inside the window are kept (in the config file, with the time), so a restart
 * resumes with no event lost and none forwarded twice. A failed forward is retried with backoff,
 * never skipped: the events after it wait, so the receiver sees them in order.
 */

export interface ListenOptions {
  forwardTo: string;
  events?: string;
  pollMs?: number;
  lookbackMs?: number;
  signal?: AbortSignal;
  out?: (line: string) => void;
}

const PAGE = 100;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

const clock = () => new Date().toISOString().slice(11, 19);

/** Every event created at or after `since`, oldest first (the API pages newest first). */
export async function eventsSince(client: Client, since: Date): Promise<EventView[]> {
  const all: EventView[] = [];
  let after: string | undefined;
  for (;;) {
    const { data } = await client.get<EventPage>("/api/v1/events", {
      query: { "created[gte]": since.toISOString(), limit: PAGE, starting_after: after },
    });
    all.push(...data.events);
    if (!data.has_more || data.events.length === 0) break;
    after = data.events.at(-1)!.id;
  }
  return all.reverse();
}

function windowStart(cursor: ListenCursor, lookbackMs: number): Date {
  return new Date(new Date(cursor.created_at).getTime() - lookbackMs);
}

/** Marks an event handled and moves the cursor. */
function handle(cursor: ListenCursor, event: EventView): void {
  cursor.handled[event.id] = event.created_at;
  if (event.created_at > cursor.created_at) cursor.created_at = event.created_at;
}

/**
 * Drops the ids that fell out of the window. Only between polls: an id pruned while the events of
 * a poll (read with the window before it moved) are still being handled would be sent again.
 */
function prune(cursor: ListenCursor, lookbackMs: number): void {
  const oldest = windowStart(cursor, lookbackMs).toISOString();
  for (const [id, at] of Object.entries(cursor.handled)) if (at < oldest) delete cursor.handled[id];
}

export async function listen(client: Client, opts: ListenOptions): Promise<void> {
  const out = opts.out ?? ((line: string) => console.log(line));
  const pollMs = opts.pollMs ?? 1_000;
  const lookbackMs = opts.lookbackMs ?? 10_000;
  const wanted = typeMatcher(opts.events);
  const secret = listenSecret();
  const key = `${client.creds.baseUrl} ${client.creds.apiKey} ${opts.forwardTo}`;
  const save = (cursor: ListenCursor) =>
    updateConfig((c) => (c.listeners = { ...c.listeners, [key]: cursor }));

  out(`Forwarding the events of ${client.creds.baseUrl} to ${opts.forwardTo}`);
  out(`Signing secret: ${secret}  (stable: kept in the CLI's config file)`);
  for (const line of RECEIVER_CHECK) out(line);

  let unreachableSince: number | undefined;
  let failures = 0;
  /** Calls the API until it answers: the app being down or restarting is waited out, never fatal. */
  async function poll<T>(what: () => Promise<T>): Promise<T | undefined> {
    for (;;) {
      if (opts.signal?.aborted) return undefined;
      try {
        const result = await what();
        if (unreachableSince !== undefined) out(`${clock()}  Connected again; resuming where it stopped.`);
        unreachableSince = undefined;
        failures = 0;
        return result;
      } catch (err) {
        const transient = err instanceof UnreachableError || (err instanceof ApiError && err.status >= 500);
        if (!transient) throw err;
        failures += 1;
        if (unreachableSince === undefined) {
          unreachableSince = Date.now();
          out(`${clock()}  ${(err as Error).message} Retrying; no event is lost while it is away.`);
        }
        await sleep(backoffMs(Math.min(failures, 3)), opts.signal);
      }
    }
  }

  let cursor = readConfig().listeners?.[key];
  if (cursor) {
    out(`Resuming after the events up to ${cursor.created_at}.`);
  } else {
    // First run for this target: start from now; what happened before is not forwarded.
    const start = await poll(async () => {
      const { data } = await client.get<EventPage>("/api/v1/events", { query: { limit: 1 } });
      const newest = data.events[0];
      const c: ListenCursor = { created_at: newest?.created_at ?? new Date(0).toISOString(), handled: {} };
      if (newest) for (const e of await eventsSince(client, windowStart(c, lookbackMs))) handle(c, e);
      prune(c, lookbackMs);
      return c;
    });
    if (!start) return;
    cursor = start;
    save(cursor);
  }
  out(`Ready. Waiting for events${opts.events ? ` (${opts.events})` : ""}. Ctrl-C stops.`);

  while (!opts.signal?.aborted) {
    const current: ListenCursor = cursor;
    const since = windowStart(current, lookbackMs);
    const events = await poll(() => eventsSince(client, since));
    if (!events) break;
    let changed = false;
    for (const event of events) {
      // Older than the window asked for: handled before (and pruned), whatever a server answers.
      if (current.handled[event.id] !== undefined || event.created_at < since.toISOString()) continue;
      if (wanted(event.type) && !(await deliver(event))) return;
      handle(current, event);
      save(current);
      changed = true;
    }
    if (changed) {
      prune(current, lookbackMs);
      save(current);
    }
    await sleep(pollMs, opts.signal);
  }

  /** Forwards until the receiver takes it (2xx); false only when stopped. */
  async function deliver(event: EventView): Promise<boolean> {
    const seq = event.sequence === null ? "" : ` #${event.sequence}`;
    const label = `${event.type}  ${event.id}  ${event.object_id ?? "-"}${seq}`;
    for (let attempt = 1; ; attempt++) {
      const r = await forwardEvent(opts.forwardTo, secret, event);
      if (r.ok) {
        out(`${clock()}  --> ${label}  [${r.status}] ${r.ms} ms`);
        return true;
      }
      const wait = backoffMs(attempt);
      const why = r.status === undefined ? r.error : `HTTP ${r.status}`;
      out(`${clock()}  --> ${label}  [${why}] ${r.ms} ms; retry ${attempt} in ${wait / 1000} s`);
      await sleep(wait, opts.signal);
      if (opts.signal?.aborted) return false;
    }
  }
}
