import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { createApiApp } from "@/server/api/app";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { readBacklog } from "@/server/process/metrics-backlog";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { outcomeOf } from "@/server/webhooks/attempt";
import type { ClaimedDelivery } from "@/server/webhooks/delivery-queue";
import { instrumentDbQueries } from "./db-queries";
import { metricsText, registerBacklogProbe } from "./metrics";
import { handleAppMetrics, startMetricsServer } from "./metrics-endpoint";

/**
 * GET /metrics after a scripted mix of requests: the series' names, labels and counts (as the
 * difference from before the mix: the registry is the process's), and the guards.
 */
const database = withTestDatabase();
const app = createApiApp();

/** Every sample of the Prometheus text: `name{labels} value` keyed by name and sorted labels. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels = m[3]
      ? m[3]
          .split(/,(?=\w+=")/)
          .sort()
          .join(",")
      : "";
    out.set(`${m[1]}{${labels}}`, Number(m[4]));
  }
  return out;
}

const key = (name: string, labels: Record<string, string>) =>
  `${name}{${Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(",")}}`;

async function scrape(): Promise<Map<string, number>> {
  return samples((await metricsText()).body);
}

function diff(after: Map<string, number>, before: Map<string, number>, k: string): number {
  return (after.get(k) ?? 0) - (before.get(k) ?? 0);
}

describe("metrics", () => {
  beforeAll(() => instrumentDbQueries());
  afterAll(() => registerBacklogProbe(null));

  it("counts requests by method, route pattern and status, never by raw path", async () => {
    const org = await createTestOrg(database.db);
    const auth = bearer(await org.token(org.admin.userId));
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await app.request("/api/health/ping")).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await app.request("/api/v1/me", { headers: auth })).status).toBe(200);
    expect((await app.request("/api/v1/me")).status).toBe(401);
    expect((await app.request("/api/apikey/key_doesnotexist", { headers: auth })).status).toBe(404);
    expect((await app.request("/api/no-such-thing/abc123")).status).toBe(404);
    expect((await app.request("/api/health/ping", { method: "DELETE" })).status).toBe(405);
    const after = await scrape();
    const count = (route: string, status: string, method = "GET") =>
      diff(after, before, key("http_request_duration_seconds_count", { method, route, status }));
    expect(count("/api/health/ping", "200")).toBe(3);
    expect(count("/api/v1/me", "200")).toBe(2);
    expect(count("/api/v1/me", "401")).toBe(1);
    // The route's pattern, not the id the caller sent.
    expect(count("/api/apikey/:id", "404")).toBe(1);
    expect(count("unmatched", "404")).toBe(1);
    expect(count("unmatched", "405", "DELETE")).toBe(1);
    expect([...after.keys()].some((k) => k.includes("key_doesnotexist") || k.includes("abc123"))).toBe(false);
    // The histogram's buckets add up to its count; +Inf is the count.
    const inf = key("http_request_duration_seconds_bucket", {
      le: "+Inf",
      method: "GET",
      route: "/api/health/ping",
      status: "200",
    });
    expect(diff(after, before, inf)).toBe(3);
    // Database statements were timed (the token's lookup at least).
    expect(diff(after, before, "db_query_duration_seconds_count{}")).toBeGreaterThan(0);
    // Process metrics only once the wiring starts them; the registry prints what it has.
    expect((await metricsText()).contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("times authorizations by outcome and decision source", async () => {
    const org = await createTestOrg(database.db);
    const { card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 1_000 });
    const before = await scrape();
    const ctx = keyCtx(database.db, org.orgId);
    const input = { card_id: card.cardToken, currency: "EUR" as const, type: "purchase" as const };
    expect((await authorizeCardTransaction({ ctx, input: { ...input, amount: 400 } })).status).toBe(
      "authorized",
    );
    expect((await authorizeCardTransaction({ ctx, input: { ...input, amount: 5_000 } })).status).toBe(
      "declined",
    );
    await expect(
      authorizeCardTransaction({ ctx, input: { ...input, card_id: "card_missing", amount: 1 } }),
    ).rejects.toThrow();
    const after = await scrape();
    const n = (outcome: string, source: string) =>
      diff(after, before, key("card_authorization_duration_seconds_count", { outcome, source }));
    expect(n("authorized", "controls")).toBe(1);
    expect(n("declined", "controls")).toBe(1);
    expect(n("error", "none")).toBe(1);
  });

  it("counts webhook attempts by outcome and the first attempt's lag behind its event", async () => {
    const before = await scrape();
    const delivery = {
      id: "whd_x",
      webhookId: "wh_x",
      attempt: 1,
      attemptLimit: 7,
      eventCreatedAt: new Date(Date.now() - 2_000),
    } as ClaimedDelivery;
    const result = {
      status: 200,
      body: "",
      error: null,
      durationMs: 3,
      startedAt: new Date(),
      requestHeaders: {},
    };
    outcomeOf(delivery, { ...result, ok: true });
    outcomeOf({ ...delivery, attempt: 2 }, { ...result, ok: false, status: 500 });
    const after = await scrape();
    expect(diff(after, before, key("webhook_delivery_attempts_total", { outcome: "succeeded" }))).toBe(1);
    expect(diff(after, before, key("webhook_delivery_attempts_total", { outcome: "retrying" }))).toBe(1);
    // Only the first attempt has a lag: 2 s, within the 2.5 s bucket and not the 1 s one.
    expect(diff(after, before, "webhook_event_to_first_attempt_seconds_count{}")).toBe(1);
    expect(diff(after, before, 'webhook_event_to_first_attempt_seconds_bucket{le="2.5"}')).toBe(1);
    expect(diff(after, before, 'webhook_event_to_first_attempt_seconds_bucket{le="1"}')).toBe(0);
  });

  it("reads the job, outbox and webhook backlogs on scrape", async () => {
    const org = await createTestOrg(database.db);
    const { card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 1_000 });
    // An authorization leaves events in the outbox until a worker dispatches them (none runs here).
    await authorizeCardTransaction({
      ctx: keyCtx(database.db, org.orgId),
      input: { card_id: card.cardToken, amount: 100, currency: "EUR", type: "purchase" },
    });
    expect((await readBacklog(database.db)).outbox.count).toBeGreaterThan(0);
    // The backlog is the whole database's, which other files change meanwhile on a shared Postgres:
    // the gauges are compared with what the probe itself read during the scrape.
    const reads: Awaited<ReturnType<typeof readBacklog>>[] = [];
    registerBacklogProbe(async () => {
      const read = await readBacklog(database.db);
      reads.push(read);
      return read;
    });
    const after = await scrape();
    const direct = reads.at(-1);
    if (!direct) throw new Error("the scrape did not run the backlog probe");
    expect(after.get("outbox_backlog{}")).toBe(direct.outbox.count);
    expect(after.get("outbox_oldest_age_seconds{}")).toBeGreaterThanOrEqual(0);
    for (const j of direct.jobs)
      expect(after.get(key("job_queue_depth", { kind: j.kind, status: j.status }))).toBe(j.count);
  });
});

describe("GET /metrics guard", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (!handleAppMetrics(req, res)) res.writeHead(404).end("next");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    setEnvForTests({ METRICS_TOKEN: undefined, METRICS_PORT: undefined });
  });

  it("is not served on the app's port without METRICS_TOKEN", async () => {
    setEnvForTests({ METRICS_TOKEN: undefined });
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("next");
  });

  it("refuses a missing or wrong token and answers the right one", async () => {
    setEnvForTests({ METRICS_TOKEN: "metrics-token-of-the-test" });
    const none = await fetch(`${base}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await none.json()).toMatchObject({ success: false, error_code: "UNAUTHENTICATED" });
    const wrong = await fetch(`${base}/metrics`, { headers: bearer("metrics-token-of-the-tesT") });
    expect(wrong.status).toBe(401);
    const short = await fetch(`${base}/metrics`, { headers: bearer("metrics") });
    expect(short.status).toBe(401);
    const post = await fetch(`${base}/metrics`, {
      method: "POST",
      headers: bearer("metrics-token-of-the-test"),
    });
    expect(post.status).toBe(405);
    const ok = await fetch(`${base}/metrics`, { headers: bearer("metrics-token-of-the-test") });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await ok.text()).toContain("# TYPE http_request_duration_seconds histogram");
  });

  it("serves METRICS_PORT on loopback, asking the token when one is set", async () => {
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    setEnvForTests({ METRICS_PORT: String(port), METRICS_TOKEN: undefined });
    const own = await startMetricsServer();
    try {
      expect((own!.address() as AddressInfo).address).toBe("127.0.0.1");
      const close = { connection: "close" };
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: close });
      expect(res.status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/other`, { headers: close })).status).toBe(404);
    } finally {
      own?.close();
      own?.closeAllConnections();
    }
    setEnvForTests({ METRICS_PORT: String(port), METRICS_TOKEN: "metrics-token-of-the-test" });
    const guarded = await startMetricsServer();
    try {
      const refused = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { connection: "close" } });
      expect(refused.status).toBe(401);
      const ok = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { ...bearer("metrics-token-of-the-test"), connection: "close" },
      });
      expect(ok.status).toBe(200);
    } finally {
      guarded?.close();
      guarded?.closeAllConnections();
    }
  });
});
