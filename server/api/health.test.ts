import { isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { type Db, openDatabase, setDatabase } from "@/server/db/client";
import { workerHeartbeats } from "@/server/db/schema/platform";
import { withTestDatabase } from "@/server/testing/database";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();

afterAll(async () => {
  setDatabase(database);
});

/**
 * Runs the request inside a transaction that is rolled back: the heartbeat rows this test
 * writes or stops are never seen by other test files sharing the Postgres database.
 */
async function inRolledBackTransaction(prepare: (tx: Db) => Promise<void>): Promise<Response> {
  let response: Response | undefined;
  await database.db
    .transaction(async (tx) => {
      await prepare(tx);
      setDatabase({ ...database, db: tx });
      try {
        response = await app.request("/api/health");
      } finally {
        setDatabase(database);
      }
      throw new RollBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RollBack)) throw err;
    });
  return response!;
}
class RollBack extends Error {}

describe("GET /api/health/ping", () => {
  it("is always 200", async () => {
    const res = await app.request("/api/health/ping");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: "pong", data: { status: "ok" } });
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("answers without a database at all (no I/O)", async () => {
    const unreachable = await openDatabase({ kind: "postgres", url: "postgres://nobody@127.0.0.1:1/none" });
    setDatabase(unreachable);
    try {
      expect((await app.request("/api/health/ping")).status).toBe(200);
    } finally {
      setDatabase(database);
      await unreachable.close();
    }
  });
});

describe("GET /api/health", () => {
  it("is 200 with each check when the database answers and a worker beats", async () => {
    const res = await inRolledBackTransaction(async (tx) => {
      await tx.insert(workerHeartbeats).values({ workerId: newId("wrk"), host: "test", pid: 1 });
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      data: { status: string; checks: Record<string, { status: string; last_beat_at?: string }> };
    };
    expect(body.success).toBe(true);
    expect(body.data.status).toBe("ok");
    expect(body.data.checks.database!.status).toBe("up");
    expect(body.data.checks.worker!.status).toBe("up");
    expect(Date.parse(body.data.checks.worker!.last_beat_at!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("is 503 SERVICE_UNAVAILABLE with the checks when no worker has beaten", async () => {
    const res = await inRolledBackTransaction(async (tx) => {
      await tx
        .update(workerHeartbeats)
        .set({ stoppedAt: new Date() })
        .where(isNull(workerHeartbeats.stoppedAt));
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      success: false,
      error_code: "SERVICE_UNAVAILABLE",
      message: "Service unavailable: worker down.",
      data: {
        status: "down",
        checks: {
          database: { status: "up", latency_ms: expect.any(Number) },
          worker: { status: "down", last_beat_at: null },
        },
      },
    });
  });

  it("is 503 when the database is down", async () => {
    const unreachable = await openDatabase({ kind: "postgres", url: "postgres://nobody@127.0.0.1:1/none" });
    setDatabase(unreachable);
    try {
      const res = await app.request("/api/health");
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        error_code: "SERVICE_UNAVAILABLE",
        message: "Service unavailable: database down.",
        data: { status: "down", checks: { database: { status: "down" }, worker: { status: "unknown" } } },
      });
    } finally {
      setDatabase(database);
      await unreachable.close();
    }
  });
});
