import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookEvent } from "@/clients/typescript";
import { webhookApp as expressApp } from "@/examples/webhook-receivers/express";
import { webhookApp as honoApp } from "@/examples/webhook-receivers/hono";
import { webhookRoute } from "@/examples/webhook-receivers/next-route";
import { standardWebhookApp } from "@/examples/webhook-receivers/standard-webhooks";
import { describeEvent } from "@/examples/webhook-receivers/verify-request";
import { setEnvForTests } from "@/lib/env";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import { getDelivery, sendTestEvent } from "./deliveries";
import { createWebhook } from "./manage";
import { deliverDueOnce } from "./pump";
import { registerWebhookHandlers } from "./register";
import { rotateWebhookSecret } from "./rotation";

/**
 * The receivers of docs/sdk.md (examples/webhook-receivers/) take real deliveries: a subscription
 * per receiver, a test event signed and sent by the pump, the receiver's own check on the raw body.
 * Each is run holding the OLD secret during a rotation's grace window too (X-Svc-Signature-Previous,
 * or webhook-signature's second value), and refuses a body changed by one byte.
 */
const database = withTestDatabase({ install: false });
const servers: http.Server[] = [];

beforeAll(() => {
  setEnvForTests({ SVC_MODE: "sandbox", WEBHOOK_ALLOW_LOCALHOST: "1" });
  registerWebhookHandlers();
});
afterAll(async () => {
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined });
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;
type Factory = (opts: { secret: string; onEvent: (e: WebhookEvent) => void }) => Handler;

async function listen(handler: Handler): Promise<string> {
  const server = http.createServer((req, res) => void handler(req, res));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

const RECEIVERS: [name: string, standard: boolean, factory: Factory][] = [
  ["Hono", false, (o) => getRequestListener(honoApp(o).fetch)],
  [
    "Express",
    false,
    (o) => {
      const app = expressApp(o);
      return (req, res) => app(req, res);
    },
  ],
  [
    "a Next.js route handler",
    false,
    (o) => {
      const POST = webhookRoute(o);
      return getRequestListener(new Hono().post("/hooks", (c) => POST(c.req.raw)).fetch);
    },
  ],
  ["standardwebhooks (Hono)", true, (o) => getRequestListener(standardWebhookApp(o).fetch)],
];

describe.each(RECEIVERS)("the %s receiver example", (_name, standard, factory) => {
  it("verifies a real delivery with the secret it holds, the old one in a grace window too", async () => {
    const org = await createTestOrg(database.db);
    const ctx = {
      ...userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true }),
      secondFactorVerified: true,
    };
    // The receiver is built with a secret it cannot know yet: it reads it on each request.
    const holder = { secret: "" };
    const events: WebhookEvent[] = [];
    const handlerFor = (secret: string) => factory({ secret, onEvent: (e) => void events.push(e) });
    const url = await listen((req, res) => handlerFor(holder.secret)(req, res));
    const hook = await createWebhook({ ctx, input: { url, events: ["*"], standard_webhooks: standard } });

    const deliverOne = async () => {
      const before = events.length;
      const queued = await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
      const deadline = Date.now() + 15_000;
      while (events.length === before && Date.now() < deadline) {
        await deliverDueOnce(database.db, { orgId: org.orgId });
        await new Promise((r) => setTimeout(r, 20));
      }
      return getDelivery({ ctx, input: { deliveryId: queued.delivery_id } });
    };

    holder.secret = hook.secret;
    const first = await deliverOne();
    expect(first.status).toBe("succeeded");
    expect(events.at(-1)).toMatchObject({ type: "webhook.test", data: { webhook_id: hook.webhook_id } });
    expect(describeEvent(events.at(-1)!)).toBe(`test from ${hook.webhook_id}`);

    // Rotated: the receiver still holds the old secret, inside the grace window.
    await rotateWebhookSecret({ ctx, input: { webhookId: hook.webhook_id } });
    const during = await deliverOne();
    expect(during.status).toBe("succeeded");
    expect(events).toHaveLength(2);

    // One changed byte of the body: refused with 400, nothing handled.
    const sent = during.attempt_log.at(-1)!;
    const headers = Object.fromEntries(
      Object.entries(sent.request_headers).filter(
        ([k]) => !["content-length", "host"].includes(k.toLowerCase()),
      ),
    );
    const tampered = await fetch(url, {
      method: "POST",
      headers,
      body: during.request_body.replace("This is a test", "This is a Test"),
    });
    expect(tampered.status).toBe(400);
    expect(events).toHaveLength(2);
  });
});
