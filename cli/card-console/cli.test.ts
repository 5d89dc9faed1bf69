import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventPage, EventView } from "@/lib/contracts/events";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";
import { verifyWebhookSignature } from "@/lib/webhooks/verify";
import { cli, type CliApp, type CliProcess, runCli, startCliApp } from "@/server/testing/cli-app";
import { withTestDatabase } from "@/server/testing/database";
import {
  answer,
  type ReceivedRequest,
  startTestReceiver,
  type TestReceiver,
} from "@/server/testing/webhook-receiver";
import { Client } from "./client";
import type { CliConfig } from "./config";
import { runTrigger } from "./trigger-run";
import { TRIGGERS } from "./triggers";

/**
 * The card-console CLI against the running app (docs/cli.md): the REST API on a real port with
 * the worker, the CLI as a child process (bin/card-console.mjs), a local receiver.
 */

const database = withTestDatabase();
let app: CliApp;
let receiver: TestReceiver;
const configFile = path.join(mkdtempSync(path.join(os.tmpdir(), "card-console-")), "config.json");
const env = () => ({ CARD_CONSOLE_CONFIG: configFile });
// The in-process trigger calls below keep their state in the same file, never in the home directory.
process.env.CARD_CONSOLE_CONFIG = configFile;
const listeners: CliProcess[] = [];

beforeAll(async () => {
  app = await startCliApp(database.db);
  receiver = await startTestReceiver();
});
afterAll(async () => {
  for (const l of listeners) l.child.kill("SIGKILL");
  await receiver?.close();
  await app?.close();
});

const stored = () => JSON.parse(readFileSync(configFile, "utf8")) as CliConfig;

async function eventPage(query: Record<string, string>): Promise<EventPage> {
  const res = await app.app.request(`/api/v1/events?${new URLSearchParams({ limit: "100", ...query })}`, {
    headers: app.key,
  });
  return ((await res.json()) as { data: EventPage }).data;
}

/** Every event of the program after `after` (an event id; none: all), oldest first, through the Events API. */
async function eventsAfter(after: string | undefined): Promise<EventView[]> {
  const all: EventView[] = [];
  if (!after) {
    let older: Record<string, string> = {};
    for (;;) {
      const page = await eventPage(older);
      all.push(...page.events);
      if (!page.has_more) return all.reverse();
      older = { starting_after: page.events.at(-1)!.id };
    }
  }
  let cursor = after;
  for (;;) {
    const page = await eventPage({ ending_before: cursor });
    all.push(...[...page.events].reverse());
    if (!page.has_more || page.events.length === 0) return all;
    cursor = page.events[0]!.id;
  }
}

async function newestId(): Promise<string | undefined> {
  const res = await app.app.request("/api/v1/events?limit=1", { headers: app.key });
  return ((await res.json()) as { data: EventPage }).data.events[0]?.id;
}

/** The events the receiver accepted (2xx), in arrival order. */
const accepted: ReceivedRequest[] = [];
const acceptedIds = () => accepted.map((r) => (JSON.parse(r.body.toString()) as EventView).id);

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function startListener(): CliProcess {
  const p = runCli(["listen", "--forward-to", receiver.url, "--poll-ms", "200"], env());
  listeners.push(p);
  return p;
}

async function deposit(request: (path: string, init: RequestInit) => Promise<Response>, amount: number) {
  const res = await request("/api/v1/sandbox/master-wallet/deposit", {
    method: "POST",
    headers: { ...app.key, "content-type": "application/json", "idempotency-key": `t-${Math.random()}` },
    body: JSON.stringify({ currency: "EUR", amount, two_step: false }),
  });
  expect(res.status).toBe(201);
}

describe("card-console CLI against the running app", () => {
  it("logs in (config 0600), listens, and forwards every event of a triggered flow, signed, in order of sequence", async () => {
    const login = await cli(
      [
        "login",
        "--base-url",
        app.baseUrl,
        "--api-key",
        app.key["x-api-key"],
        "--api-secret",
        app.key["x-api-secret"],
      ],
      env(),
    );
    expect(login.out).toContain("Logged in to");
    expect(login.code).toBe(0);
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    expect(stored()).toMatchObject({ base_url: app.baseUrl, api_key: app.key["x-api-key"] });

    receiver.respond((req, res) => {
      accepted.push(req);
      answer(200, "ok")(req, res);
    });
    const before = await newestId();
    const listener = startListener();
    await listener.waitFor(/Ready\./);
    const secret = stored().listen_secret!;
    expect(listener.output()).toContain(`Signing secret: ${secret}`);
    expect(listener.output()).toContain("X-Svc-Signature");

    const trigger = await cli(["trigger", "transaction.refund.created"], env());
    expect(trigger.out).toMatch(/Triggered transaction\.refund\.created: evt_/);
    expect(trigger.code).toBe(0);

    const expected = await eventsAfter(before);
    expect(expected.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "customer.funded",
        "card.created",
        "transaction.authorized",
        "transaction.settled",
        "transaction.refund.created",
      ]),
    );
    await until(() => accepted.length >= expected.length, 30_000, "the listener forwards every event");
    const ids = acceptedIds();
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(expected.map((e) => e.id).sort());
    // Per object, the receiver saw sequence 1, 2, 3... in order.
    const last = new Map<string, number>();
    for (const r of accepted) {
      const e = JSON.parse(r.body.toString()) as EventView;
      if (e.object_id === null || e.sequence === null) continue;
      expect(e.sequence).toBeGreaterThan(last.get(e.object_id) ?? 0);
      last.set(e.object_id, e.sequence);
      const check = await verifyWebhookSignature({
        secret,
        body: r.body,
        timestamp: r.headers["x-svc-timestamp"] as string,
        signature: r.headers["x-svc-signature"] as string,
      });
      expect(check).toEqual({ ok: true });
      expect(r.headers["x-svc-event"]).toBe(e.type);
    }
    expect(listener.output()).toMatch(
      /--> transaction\.refund\.created {2}evt_\w+ {2}txn_\w+ #\d+ {2}\[200\] \d+ ms/,
    );
  });

  it("loses none and repeats none when the app restarts, the receiver fails, or the listener restarts", async () => {
    const listener = listeners.at(-1)!;
    const before = await newestId();
    const from = listener.output().length;
    await app.stop();
    // The program keeps working while the listener cannot reach it (here: in-process calls).
    await deposit((p, init) => Promise.resolve(app.app.request(p, init)), 11);
    await deposit((p, init) => Promise.resolve(app.app.request(p, init)), 12);
    await listener.waitFor(/did not answer/, 15_000, from);
    await app.start();
    await listener.waitFor(/Connected again/, 15_000, from);

    // The receiver refuses twice: the listener retries the same event, never skipping it.
    let refusals = 2;
    receiver.respond((req, res) => {
      if (refusals-- > 0) return answer(500, "not yet")(req, res);
      accepted.push(req);
      answer(204)(req, res);
    });
    await deposit((p, init) => fetch(`${app.baseUrl}${p}`, init), 13);
    let expected = await eventsAfter(before);
    await until(
      () => expected.every((e) => acceptedIds().includes(e.id)),
      30_000,
      "forwarded after the restart",
    );
    expect(listener.output().slice(from)).toMatch(/\[HTTP 500\] \d+ ms; retry 1 in 1 s/);

    // The listener dies; events happen; a new listener resumes from the stored place.
    await new Promise((r) => setTimeout(r, 500));
    listener.child.kill("SIGKILL");
    await listener.exited;
    await deposit((p, init) => fetch(`${app.baseUrl}${p}`, init), 14);
    await deposit((p, init) => fetch(`${app.baseUrl}${p}`, init), 15);
    const again = startListener();
    await again.waitFor(/Resuming after/);
    expected = await eventsAfter(before);
    await until(
      () => expected.every((e) => acceptedIds().includes(e.id)),
      30_000,
      "forwarded after resuming",
    );
    await new Promise((r) => setTimeout(r, 600));
    const ids = acceptedIds();
    const outputs = `${listener.output()}\n---- restarted ----\n${again.output()}`;
    expect(new Set(ids).size, outputs).toBe(ids.length);
  });

  it("trigger raises an event of each type of the catalog it can drive", async () => {
    const client = new Client({
      baseUrl: app.baseUrl,
      apiKey: app.key["x-api-key"],
      apiSecret: app.key["x-api-secret"],
    });
    const lines: string[] = [];
    const check = async (type: string) => {
      const id = await runTrigger(client, type, (l) => lines.push(l));
      if (TRIGGERS[type]!.deliveryOnly) return;
      const res = await app.app.request(`/api/v1/events/${id}`, { headers: app.key });
      expect(((await res.json()) as { data: EventView }).data.type, lines.join("\n")).toBe(type);
    };
    // Every row has a flow; none says "not triggerable".
    expect(Object.entries(TRIGGERS).filter(([, t]) => t.none || !t.run || !t.steps)).toEqual([]);
    // One row per type of the catalog, no more, no less.
    const catalog = WEBHOOK_EVENT_TYPES.map((t) => t.type);
    expect(Object.keys(TRIGGERS).filter((t) => !catalog.includes(t))).toEqual([]);
    expect(catalog.filter((t) => !TRIGGERS[t])).toEqual([]);
    // Each whose wait is short runs here. The worker expires a gateway payment after its minute at
    // the soonest (wait 150 s): left to the CLI's own run.
    const long = Object.entries(TRIGGERS).filter(([, t]) => (t.wait ?? 0) > 60);
    expect(long.map(([type]) => type)).toEqual(["crypto_gateway.payment.expired"]);
    const types = Object.keys(TRIGGERS).filter((type) => (TRIGGERS[type]!.wait ?? 0) <= 60);
    expect(types).toHaveLength(Object.keys(TRIGGERS).length - long.length);
    // Four families side by side (each in order: a family's steps share cards, wallets or payouts).
    const family = (t: string) =>
      /^(card\.)/.test(t)
        ? 0
        : /^(transaction|dispute|customer|wallet)\./.test(t)
          ? 1
          : /^fiat\./.test(t)
            ? 2
            : 3;
    await Promise.all(
      [0, 1, 2, 3].map(async (f) => {
        for (const type of types.filter((t) => family(t) === f)) await check(type);
      }),
    );
  }, 240_000);
});
