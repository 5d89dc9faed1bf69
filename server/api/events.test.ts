import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventPage, EventView } from "@/lib/contracts/events";
import { resetEnvForTests } from "@/lib/env";
import { outboxEvents } from "@/server/db/schema/platform";
import { emitEvent } from "@/server/events/outbox";
import { maintainPartitions } from "@/server/jobs/partitions";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { listEvents } from "@/server/webhooks/event-log";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();

beforeAll(() => resetEnvForTests());
afterAll(() => clock.restore());

type Headers = Record<string, string>;

/** An organization and an API key of it holding `permissions`. */
async function program(permissions: string[] = ["read"]) {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  const res = await app.request(
    "/api/apikey/create",
    postJson(
      { name: "events", permissions },
      { ...auth, "x-2fa-token": clock.nextCode(org.admin.totpSecret) },
    ),
  );
  expect(res.status).toBe(201);
  const k = (await res.json()) as { api_key: string; api_secret: string };
  return { org, key: { "x-api-key": k.api_key, "x-api-secret": k.api_secret } as Headers };
}

async function get(path: string, headers: Headers) {
  const res = await app.request(path, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
async function page(query: string, headers: Headers): Promise<EventPage> {
  const { status, body } = await get(`/api/v1/events${query}`, headers);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as EventPage;
}
const ids = (p: EventPage) => p.events.map((e) => e.id);

/** Events emitted one per transaction, oldest first. */
async function emitMany(orgId: string, specs: { type: string; data: Record<string, unknown> }[]) {
  const out: string[] = [];
  for (const s of specs) out.push((await emitEvent(database.db, { orgId, ...s })).id);
  return out;
}

describe("GET /api/v1/events: paging", () => {
  it("pages newest first with starting_after, and back with ending_before, without gaps or repeats", async () => {
    const { org, key } = await program();
    const emitted = await emitMany(
      org.orgId,
      Array.from({ length: 7 }, (_, i) => ({ type: "card.frozen", data: { svc_card_id: `sc_p${i}`, i } })),
    );
    const newestFirst = [...emitted].reverse();
    const first = await page("?limit=3", key);
    expect(ids(first)).toEqual(newestFirst.slice(0, 3));
    expect(first.has_more).toBe(true);
    const second = await page(`?limit=3&starting_after=${first.events[2]!.id}`, key);
    expect(ids(second)).toEqual(newestFirst.slice(3, 6));
    expect(second.has_more).toBe(true);
    const third = await page(`?limit=3&starting_after=${second.events[2]!.id}`, key);
    expect(ids(third)).toEqual(newestFirst.slice(6));
    expect(third.has_more).toBe(false);
    // Back: the page newer than the second page's first event is the first page, still newest first.
    const back = await page(`?limit=3&ending_before=${second.events[0]!.id}`, key);
    expect(ids(back)).toEqual(newestFirst.slice(0, 3));
    expect(back.has_more).toBe(false);
    const backPartial = await page(`?limit=2&ending_before=${third.events[0]!.id}`, key);
    expect(ids(backPartial)).toEqual(newestFirst.slice(4, 6));
    expect(backPartial.has_more).toBe(true);
  });

  it("keeps the order events were raised in inside one transaction (they share created_at)", async () => {
    const { org, key } = await program();
    const raised = await database.db.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 4; i++)
        out.push(
          (await emitEvent(tx, { orgId: org.orgId, type: "card.frozen", data: { svc_card_id: "sc_tx" } })).id,
        );
      return out;
    });
    const all = await page("?limit=2", key);
    const rest = await page(`?limit=2&starting_after=${all.events[1]!.id}`, key);
    expect([...ids(all), ...ids(rest)]).toEqual([...raised].reverse());
    expect([...all.events, ...rest.events].map((e) => e.sequence)).toEqual([4, 3, 2, 1]);
  });

  it("refuses a bad cursor, both cursors at once, and a limit out of range", async () => {
    const { key } = await program();
    for (const query of [
      "?starting_after=evt_doesnotexist",
      "?starting_after=evt_a&ending_before=evt_b",
      "?limit=0",
      "?limit=101",
      "?starting_after=not-an-id",
      "?types=card.frozen,NOT A TYPE",
      "?type=card.frozen&types=card.unfrozen",
      "?created[gte]=2026-02-01&created[lte]=2026-01-01",
      "?created[gte]=yesterday",
    ]) {
      const { status, body } = await get(`/api/v1/events${query}`, key);
      expect(status, query).toBe(400);
      expect(body.error_code, query).toBe("VALIDATION_ERROR");
    }
  });
});

describe("listEvents called without the REST kit (the console)", () => {
  it("refuses a bad search with VALIDATION_ERROR naming the field", async () => {
    const { org } = await program();
    const ctx = userCtx(database.db, org.orgId, {
      userId: org.admin.userId,
      email: org.admin.email,
      role: "admin",
    });
    const refused = listEvents({
      ctx,
      input: { "created[gte]": "2001-01-02T00:00:00Z", "created[lte]": "2001-01-01T00:00:00Z" },
    });
    await expect(refused).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ path: "created[gte]", message: "created[gte] must not be after created[lte]." }],
    });
  });
});

describe("GET /api/v1/events: filters", () => {
  it("filters by type, types, object id and a created range", async () => {
    const { org, key } = await program();
    const [frozen, unfrozen, txn, other] = await emitMany(org.orgId, [
      { type: "card.frozen", data: { svc_card_id: "sc_f1" } },
      { type: "card.unfrozen", data: { svc_card_id: "sc_f1" } },
      { type: "transaction.authorized", data: { svc_card_id: "sc_f1", transaction_id: "txn_f1" } },
      { type: "card.frozen", data: { svc_card_id: "sc_f2" } },
    ]);
    // Two days back: outside a range that starts yesterday.
    await database.db
      .update(outboxEvents)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(outboxEvents.id, frozen!));
    expect(ids(await page("?type=card.frozen", key))).toEqual([other, frozen]);
    expect(ids(await page("?types=card.frozen,card.unfrozen", key))).toEqual([other, unfrozen, frozen]);
    expect(ids(await page("?types=card.unfrozen&types=transaction.authorized", key))).toEqual([
      txn,
      unfrozen,
    ]);
    expect(ids(await page("?object_id=sc_f1", key))).toEqual([unfrozen, frozen]);
    expect(ids(await page("?object_id=txn_f1", key))).toEqual([txn]);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const beforeThat = new Date(Date.now() - 3 * 86_400_000).toISOString();
    expect(ids(await page(`?created[gte]=${yesterday}`, key))).toEqual([other, txn, unfrozen]);
    expect(ids(await page(`?created[gte]=${beforeThat}&created[lte]=${yesterday}`, key))).toEqual([frozen]);
    expect(ids(await page(`?created[gte]=${yesterday}&type=card.frozen`, key))).toEqual([other]);
  });

  it("retrieves one event with its object, sequence and data", async () => {
    const { org, key } = await program();
    const [a, b] = await emitMany(org.orgId, [
      { type: "dispute.created", data: { dispute_id: "dsp_r1", status: "submitted" } },
      { type: "dispute.updated", data: { dispute_id: "dsp_r1", status: "won" } },
    ]);
    const { status, body } = await get(`/api/v1/events/${b}`, key);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: b!,
      type: "dispute.updated",
      created_at: expect.any(String),
      object_id: "dsp_r1",
      sequence: 2,
      data: { dispute_id: "dsp_r1", status: "won" },
    } satisfies EventView);
    expect(((await get(`/api/v1/events/${a}`, key)).body.data as EventView).sequence).toBe(1);
  });
});

describe("GET /api/v1/events: who may read", () => {
  it("needs the read scope", async () => {
    const { org, key } = await program(["webhooks"]);
    const [id] = await emitMany(org.orgId, [{ type: "card.frozen", data: { svc_card_id: "sc_s1" } }]);
    for (const path of ["/api/v1/events", `/api/v1/events/${id}`]) {
      const { status, body } = await get(path, key);
      expect(status, path).toBe(403);
      expect(body.error_code).toBe("INSUFFICIENT_PERMISSION");
    }
    expect((await get("/api/v1/events", {})).status).toBe(401);
  });

  it("answers 404 for another organization's event and never lists or pages from it", async () => {
    const a = await program();
    const b = await program();
    const [theirs] = await emitMany(a.org.orgId, [{ type: "card.frozen", data: { svc_card_id: "sc_x1" } }]);
    const [mine] = await emitMany(b.org.orgId, [{ type: "card.frozen", data: { svc_card_id: "sc_x2" } }]);
    const { status, body } = await get(`/api/v1/events/${theirs}`, b.key);
    expect(status).toBe(404);
    expect(body.error_code).toBe("NOT_FOUND");
    expect(ids(await page("", b.key))).toEqual([mine]);
    expect((await get(`/api/v1/events?starting_after=${theirs}`, b.key)).status).toBe(400);
    expect((await get(`/api/v1/events?object_id=sc_x1`, b.key)).body.data).toEqual({
      events: [],
      has_more: false,
    });
  });
});

describe("retention", () => {
  it("keeps events 30 days whether or not a subscription took them; partition maintenance purges older ones", async () => {
    const { org, key } = await program();
    const [old, undispatched, recent] = await emitMany(
      org.orgId,
      ["sc_r1", "sc_r2", "sc_r3"].map((id) => ({ type: "card.frozen", data: { svc_card_id: id } })),
    );
    const age = async (id: string, days: number, dispatched: boolean) =>
      database.db
        .update(outboxEvents)
        .set({
          createdAt: sql`now() - make_interval(days => ${days})`,
          dispatchedAt: dispatched ? sql`now()` : null,
        })
        .where(eq(outboxEvents.id, id));
    await age(old!, 100, true);
    await age(undispatched!, 100, false);
    await age(recent!, 29, true);
    expect(ids(await page("", key))).toEqual([recent, undispatched, old]);
    await maintainPartitions(database.db, new Date());
    // The undispatched one waits for its dispatch; the 29-day-old one is within the retention.
    expect(ids(await page("", key))).toEqual([recent, undispatched]);
    expect((await get(`/api/v1/events/${old}`, key)).status).toBe(404);
    // Once dispatched it goes too; nor does it keep its month for other files on a shared Postgres
    // (server/jobs/partitions.test.ts expects that month dropped).
    await database.db
      .update(outboxEvents)
      .set({ dispatchedAt: sql`now()` })
      .where(eq(outboxEvents.id, undispatched!));
    await maintainPartitions(database.db, new Date());
    expect(ids(await page("", key))).toEqual([recent]);
  });
});
