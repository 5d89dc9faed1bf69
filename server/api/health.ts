import { type HealthCheck as Check, healthSchema, pingSchema } from "@/lib/contracts/account";
import { type Db, getDb, pingDatabase } from "@/server/db/client";
import { errorJson, ok } from "@/server/http/envelopes";
import { defineRoute } from "@/server/http/route";
import { latestHeartbeat } from "@/server/jobs/heartbeat";
import { log } from "@/server/log";

/** A health probe must answer even when the database hangs. */
const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`health check timed out after ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(): Promise<{ check: Check; db: Db | null }> {
  const started = performance.now();
  try {
    const db = await withTimeout(getDb());
    await withTimeout(pingDatabase(db));
    return { check: { status: "up", latency_ms: Math.round(performance.now() - started) }, db };
  } catch (err) {
    log.warn({ err }, "health: database check failed");
    return { check: { status: "down" }, db: null };
  }
}

async function checkWorker(db: Db | null): Promise<Check> {
  if (!db) return { status: "unknown", last_beat_at: null };
  try {
    const beat = await withTimeout(latestHeartbeat(db));
    return beat
      ? { status: "up", last_beat_at: beat.beatAt.toISOString() }
      : { status: "down", last_beat_at: null };
  } catch (err) {
    log.warn({ err }, "health: worker heartbeat check failed");
    return { status: "unknown", last_beat_at: null };
  }
}

export const healthRoute = defineRoute({
  method: "get",
  path: "/api/health",
  summary: "Health: database and worker",
  description:
    "200 when the database answers and a worker has beaten within 30 s; otherwise 503 " +
    "SERVICE_UNAVAILABLE with the same checks in `data`.",
  tags: ["Health"],
  operationId: "getHealth",
  auth: "public",
  response: { data: healthSchema },
  errors: ["SERVICE_UNAVAILABLE"],
  async handler({ c }) {
    const database = await checkDatabase();
    const worker = await checkWorker(database.db);
    const up = database.check.status === "up" && worker.status === "up";
    const data = { status: up ? "ok" : "down", checks: { database: database.check, worker } };
    if (up) return ok(c, data, { message: "All systems operational." });
    // A worker we could not ask (database down) is "unknown", not named as down.
    const down = [database.check.status === "down" && "database", worker.status === "down" && "worker"]
      .filter(Boolean)
      .join(" and ");
    return errorJson(c, 503, "SERVICE_UNAVAILABLE", `Service unavailable: ${down} down.`, { data });
  },
});

export const pingRoute = defineRoute({
  method: "get",
  path: "/api/health/ping",
  summary: "Liveness: always 200, no I/O",
  tags: ["Health"],
  operationId: "ping",
  auth: "public",
  response: { data: pingSchema },
  handler: ({ c }) => ok(c, { status: "ok" }, { message: "pong" }),
});

export const healthRoutes = [healthRoute, pingRoute];
