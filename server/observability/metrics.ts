import client from "prom-client";
import { FastHistogram, type HistogramSeries } from "./fast-histogram";

/**
 * The process's Prometheus metrics (docs/operations.md, "Metrics"). The platform's lowest tier: it
 * knows no domain and no database; a domain reports through the record functions below, and what
 * needs a query (the backlogs) is a probe the composition root registers.
 */

/** What one scrape reads from the database (one cheap query each, cached for a few seconds). */
export interface Backlog {
  /** Jobs not finished, by kind and status; the oldest due pending job's age. */
  jobs: { kind: string; status: string; count: number; oldestSeconds: number }[];
  /** Events not yet dispatched, and the oldest one's age. */
  outbox: { count: number; oldestSeconds: number };
  /** Deliveries waiting for an attempt, by status; the oldest due one's wait. */
  webhooks: { status: string; count: number; oldestDueSeconds: number }[];
}

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const BACKLOG_CACHE_MS = 5_000;

function create() {
  const registry = new client.Registry();
  const http = new FastHistogram(
    "http_request_duration_seconds",
    "REST API requests by method, route pattern and status: latency (its _count is the request count)",
  );
  const authorizations = new FastHistogram(
    "card_authorization_duration_seconds",
    "Card authorizations by outcome (authorized, declined, error) and decision source: latency",
  );
  const webhookLag = new FastHistogram(
    "webhook_event_to_first_attempt_seconds",
    "Time from an event's commit to the start of its delivery's first attempt",
  );
  const dbQueries = new FastHistogram("db_query_duration_seconds", "Database statements: latency");
  for (const m of [http, authorizations, webhookLag, dbQueries])
    registry.registerMetric(m as unknown as client.Metric);
  const webhookAttempts = new client.Counter({
    name: "webhook_delivery_attempts_total",
    help: "Webhook delivery attempts by outcome (succeeded, retrying, failed for good)",
    labelNames: ["outcome"],
    registers: [registry],
  });
  const state = {
    registry,
    http,
    authorizations,
    webhookLag,
    dbQuery: dbQueries.seriesOf({}),
    webhookAttempts,
    pools: new Map<string, PoolLike>(),
    backlogProbe: null as null | (() => Promise<Backlog>),
    backlogCache: null as null | { at: number; value: Promise<Backlog | null> },
    defaultsStarted: false,
  };
  const backlog = (): Promise<Backlog | null> => {
    const now = Date.now();
    if (!state.backlogProbe) return Promise.resolve(null);
    if (!state.backlogCache || now - state.backlogCache.at > BACKLOG_CACHE_MS) {
      // A failed read (the database down) leaves the gauges empty for this scrape, never fails it.
      state.backlogCache = { at: now, value: state.backlogProbe().catch(() => null) };
    }
    return state.backlogCache.value;
  };
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    fill: (g: client.Gauge, b: Backlog) => void,
  ) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        const b = await backlog();
        if (b) fill(this, b);
      },
    });
  gauge("job_queue_depth", "Jobs not finished, by kind and status", ["kind", "status"], (g, b) => {
    for (const j of b.jobs) g.set({ kind: j.kind, status: j.status }, j.count);
  });
  gauge("job_queue_oldest_age_seconds", "Age of the oldest due pending job, by kind", ["kind"], (g, b) => {
    for (const j of b.jobs) if (j.status === "pending") g.set({ kind: j.kind }, j.oldestSeconds);
  });
  gauge("outbox_backlog", "Events committed and not yet dispatched", [], (g, b) => g.set(b.outbox.count));
  gauge("outbox_oldest_age_seconds", "Age of the oldest undispatched event", [], (g, b) =>
    g.set(b.outbox.oldestSeconds),
  );
  gauge("webhook_delivery_backlog", "Deliveries waiting for an attempt, by status", ["status"], (g, b) => {
    for (const w of b.webhooks) g.set({ status: w.status }, w.count);
  });
  gauge("webhook_delivery_oldest_due_seconds", "How long the oldest due delivery has waited", [], (g, b) =>
    g.set(Math.max(0, ...b.webhooks.map((w) => w.oldestDueSeconds))),
  );
  new client.Gauge({
    name: "db_pool_connections",
    help: "Database pool connections by pool and state (idle, busy, waiting: requests queued for one)",
    labelNames: ["pool", "state"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, p] of state.pools) {
        this.set({ pool, state: "idle" }, p.idleCount);
        this.set({ pool, state: "busy" }, p.totalCount - p.idleCount);
        this.set({ pool, state: "waiting" }, p.waitingCount);
      }
    },
  });
  return state;
}

type State = ReturnType<typeof create>;
const KEY = Symbol.for("svc.observability.metrics");

/** One set per process: Next's bundles load their own copy of this module beside server/main.ts's. */
function metrics(): State {
  const g = globalThis as unknown as Record<symbol, State | undefined>;
  return (g[KEY] ??= create());
}

/** Node's process metrics (CPU, memory, event loop lag, GC); once per process, by the wiring. */
export function startProcessMetrics(): void {
  const m = metrics();
  if (m.defaultsStarted) return;
  m.defaultsStarted = true;
  client.collectDefaultMetrics({ register: m.registry });
}

/** The Prometheus text of every metric, and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** A route's metric, made when the route is declared: per request one map lookup and an observe. */
export class RouteMetric {
  private readonly byStatus = new Map<number, HistogramSeries>();
  constructor(
    private readonly method: string,
    private readonly route: string,
  ) {}

  /** `startedMs` from performance.now() at the request's start. */
  observe(status: number, startedMs: number): void {
    let s = this.byStatus.get(status);
    if (!s) {
      s = metrics().http.seriesOf({ method: this.method, route: this.route, status: String(status) });
      this.byStatus.set(status, s);
    }
    s.observe((performance.now() - startedMs) / 1000);
  }
}

/** Statements' latency, observed by the database wrapper (server/observability/db-queries.ts). */
export function observeDbQuery(seconds: number): void {
  metrics().dbQuery.observe(seconds);
}

/** A pool whose connections the scrape reports (the primary's, a replica's). */
export function registerDbPool(name: string, pool: PoolLike): void {
  metrics().pools.set(name, pool);
}

/** The composition root's reader of the backlogs (server/process/metrics-backlog.ts). */
export function registerBacklogProbe(probe: (() => Promise<Backlog>) | null): void {
  const m = metrics();
  m.backlogProbe = probe;
  m.backlogCache = null;
}

/** A webhook attempt's outcome; on a first attempt, the time since its event committed. */
export function recordWebhookAttempt(outcome: string, firstAttemptLagSeconds: number | null): void {
  const m = metrics();
  m.webhookAttempts.inc({ outcome });
  if (firstAttemptLagSeconds !== null) m.webhookLag.seriesOf({}).observe(Math.max(0, firstAttemptLagSeconds));
}

/**
 * Wraps the card network's authorization: its latency by outcome and decision source (the answer's
 * status and decision_source; a thrown error is outcome "error").
 */
export function timedAuthorization<A, R extends { status: string; decision_source?: string | null }>(
  authorizeFn: (args: A) => Promise<R>,
): (args: A) => Promise<R> {
  return async (args) => {
    const started = performance.now();
    let outcome = "error";
    let source = "none";
    try {
      const result = await authorizeFn(args);
      outcome = result.status;
      source = result.decision_source ?? "controls";
      return result;
    } finally {
      metrics()
        .authorizations.seriesOf({ outcome, source })
        .observe((performance.now() - started) / 1000);
    }
  };
}
