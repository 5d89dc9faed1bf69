import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { verifyWebhookSignature } from "@/lib/webhooks/verify";
import { totpCode } from "@/server/auth/totp";
import { webhookDeliveries, webhookSubscriptions } from "@/server/db/schema/webhooks";
import { withTestDatabase } from "@/server/testing/database";
import { errorCodeOf } from "@/server/testing/errors";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";
import {
  answer,
  type ReceivedRequest,
  startTestReceiver,
  type TestReceiver,
} from "@/server/testing/webhook-receiver";
import { sendTestEvent } from "./deliveries";
import { createWebhook, getWebhook, updateWebhook } from "./manage";
import { deliverDueOnce } from "./pump";
import { registerWebhookHandlers } from "./register";
import { endWebhookSecretGrace, rotateWebhookSecret } from "./rotation";

const database = withTestDatabase({ install: false });
let receiver: TestReceiver;

beforeAll(async () => {
  setEnvForTests({
    SVC_MODE: "sandbox",
    WEBHOOK_ALLOW_LOCALHOST: "1",
    WEBHOOK_RETRY_SCHEDULE: "0.1,0.2,0.3,0.4,0.5,0.6",
  });
  receiver = await startTestReceiver();
  registerWebhookHandlers();
});
beforeEach(() => {
  receiver.respond(answer(200, "ok"));
});
afterAll(async () => {
  setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined, WEBHOOK_RETRY_SCHEDULE: undefined });
  await receiver.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setup(path: string, opts: { standard?: boolean } = {}) {
  const org = await createTestOrg(database.db);
  const admin = userCtx(database.db, org.orgId, org.admin, { twoFactorEnabled: true });
  // The step-up confirmed (as the REST kit marks a good code); the refusals are tested below.
  const ctx = { ...admin, secondFactorVerified: true };
  const hook = await createWebhook({
    ctx,
    input: {
      url: `http://127.0.0.1:${receiver.port}${path}`,
      events: ["*"],
      standard_webhooks: opts.standard ?? false,
    },
  });
  return { org, admin, ctx, hook };
}

/** Sends a test event and runs the worker until the receiver got `count` requests on the path. */
async function deliver(orgId: string, path: string, count: number): Promise<ReceivedRequest> {
  const deadline = Date.now() + 10_000;
  while (receiver.received.filter((r) => r.path === path).length < count) {
    if (Date.now() > deadline) throw new Error("no delivery in time");
    await deliverDueOnce(database.db, { orgId });
    await sleep(20);
  }
  return receiver.received.filter((r) => r.path === path).at(-1)!;
}

const header = (r: ReceivedRequest, name: string) => r.headers[name] as string | undefined;

/** What a receiver holding `secret` concludes with lib/webhooks/verify.ts. */
async function verifies(r: ReceivedRequest, secret: string, opts: { previous?: boolean } = {}) {
  const result = await verifyWebhookSignature({
    secret,
    body: r.body.toString("utf8"),
    timestamp: header(r, "x-svc-timestamp"),
    signature: header(r, "x-svc-signature"),
    previousSignature: opts.previous === false ? null : header(r, "x-svc-signature-previous"),
  });
  return result.ok;
}

describe("secret rotation with a grace window", () => {
  it("during the window X-Svc-Signature is the new secret's and -Previous the old's; either verifies", async () => {
    const { org, ctx, hook } = await setup("/rot-window");
    const rotated = await rotateWebhookSecret({ ctx, input: { webhookId: hook.webhook_id } });
    expect(rotated.secret).not.toBe(hook.secret);
    const ends = new Date(rotated.previous_secret_expires_at!).getTime();
    expect(Math.abs(ends - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
    await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    const got = await deliver(org.orgId, "/rot-window", 1);
    expect(header(got, "x-svc-signature")).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(header(got, "x-svc-signature-previous")).toMatch(/^sha256=[0-9a-f]{64}$/);
    // The interface's header alone: the new secret verifies, the old does not.
    expect(await verifies(got, rotated.secret!, { previous: false })).toBe(true);
    expect(await verifies(got, hook.secret, { previous: false })).toBe(false);
    // With both headers, a receiver holding either secret verifies; a stranger's does not.
    expect(await verifies(got, hook.secret)).toBe(true);
    expect(await verifies(got, rotated.secret!)).toBe(true);
    expect(await verifies(got, "whsec_c29tZW9uZSBlbHNlJ3Mgc2VjcmV0IDMyIGJ5dGVz")).toBe(false);
    // Get answers the window too, and the new secret.
    const view = await getWebhook({ ctx, input: { webhookId: hook.webhook_id } });
    expect(view).toMatchObject({
      secret: rotated.secret,
      previous_secret_expires_at: rotated.previous_secret_expires_at,
    });
  });

  it("after the window, after ending it early, and with grace 0 only X-Svc-Signature is sent", async () => {
    const { org, ctx, hook } = await setup("/rot-after");
    const first = await rotateWebhookSecret({
      ctx,
      input: { webhookId: hook.webhook_id, grace_period_hours: 1 },
    });
    // The hour passes.
    await database.db
      .update(webhookSubscriptions)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(webhookSubscriptions.id, hook.webhook_id));
    expect(
      (await getWebhook({ ctx, input: { webhookId: hook.webhook_id } })).previous_secret_expires_at,
    ).toBeNull();
    await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    let got = await deliver(org.orgId, "/rot-after", 1);
    expect(header(got, "x-svc-signature-previous")).toBeUndefined();
    expect(await verifies(got, first.secret!)).toBe(true);
    expect(await verifies(got, hook.secret)).toBe(false);
    // An expired window cannot be ended.
    expect(await errorCodeOf(endWebhookSecretGrace({ ctx, input: { webhookId: hook.webhook_id } }))).toBe(
      "CONFLICT",
    );

    // Ended early: the next attempt carries no previous signature.
    const second = await rotateWebhookSecret({
      ctx,
      input: { webhookId: hook.webhook_id, grace_period_hours: 168 },
    });
    expect(second.previous_secret_expires_at).not.toBeNull();
    const ended = await endWebhookSecretGrace({ ctx, input: { webhookId: hook.webhook_id } });
    expect(ended.previous_secret_expires_at).toBeNull();
    await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    got = await deliver(org.orgId, "/rot-after", 2);
    expect(header(got, "x-svc-signature-previous")).toBeUndefined();
    expect(await verifies(got, second.secret!)).toBe(true);
    expect(await verifies(got, first.secret!)).toBe(false);

    // Grace 0: no window at all.
    const third = await rotateWebhookSecret({
      ctx,
      input: { webhookId: hook.webhook_id, grace_period_hours: 0 },
    });
    expect(third.previous_secret_expires_at).toBeNull();
    await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    got = await deliver(org.orgId, "/rot-after", 3);
    expect(header(got, "x-svc-signature-previous")).toBeUndefined();
    expect(await verifies(got, third.secret!)).toBe(true);
  });

  it("a retry in flight is signed when it is sent: new secret first, the old one as -Previous", async () => {
    const { org, ctx, hook } = await setup("/rot-retry");
    receiver.respond(answer(500));
    await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    const before = await deliver(org.orgId, "/rot-retry", 1);
    expect(header(before, "x-svc-signature-previous")).toBeUndefined();
    expect(await verifies(before, hook.secret)).toBe(true);
    // Rotated while the delivery waits for its retry.
    const rotated = await rotateWebhookSecret({ ctx, input: { webhookId: hook.webhook_id } });
    receiver.respond(answer(200));
    const retry = await deliver(org.orgId, "/rot-retry", 2);
    expect(header(retry, "x-svc-delivery-id")).toBe(header(before, "x-svc-delivery-id"));
    expect(retry.body.equals(before.body)).toBe(true);
    expect(await verifies(retry, rotated.secret!, { previous: false })).toBe(true);
    expect(await verifies(retry, hook.secret)).toBe(true);
  });

  it("step-up, role, cross-organization and bad input are refused, and nothing changes", async () => {
    const { org, admin, ctx, hook } = await setup("/rot-refusals");
    const other = await setup("/rot-refusals-other");
    const id = hook.webhook_id;
    // A user token without a code; then with a wrong one.
    expect(await errorCodeOf(rotateWebhookSecret({ ctx: admin, input: { webhookId: id } }))).toBe(
      "TWO_FACTOR_REQUIRED",
    );
    expect(
      await errorCodeOf(
        rotateWebhookSecret({ ctx: admin, input: { webhookId: id, twoFactorCode: "000000" } }),
      ),
    ).toMatch(/TWO_FACTOR|INVALID/);
    expect(await errorCodeOf(endWebhookSecretGrace({ ctx: admin, input: { webhookId: id } }))).toBe(
      "TWO_FACTOR_REQUIRED",
    );
    // An operator's token lacks the webhooks scope.
    const operator = await org.user("operator", { withTwoFactor: true });
    const opCtx = {
      ...userCtx(database.db, org.orgId, operator, { twoFactorEnabled: true }),
      secondFactorVerified: true,
    };
    expect(await errorCodeOf(rotateWebhookSecret({ ctx: opCtx, input: { webhookId: id } }))).toBe(
      "INSUFFICIENT_PERMISSION",
    );
    expect(await errorCodeOf(endWebhookSecretGrace({ ctx: opCtx, input: { webhookId: id } }))).toBe(
      "INSUFFICIENT_PERMISSION",
    );
    // Another organization's admin: not found, never forbidden.
    expect(await errorCodeOf(rotateWebhookSecret({ ctx: other.ctx, input: { webhookId: id } }))).toBe(
      "NOT_FOUND",
    );
    expect(await errorCodeOf(endWebhookSecretGrace({ ctx: other.ctx, input: { webhookId: id } }))).toBe(
      "NOT_FOUND",
    );
    // Out of 0-168 hours.
    for (const bad of [-1, 169, 1.5])
      expect(
        await errorCodeOf(rotateWebhookSecret({ ctx, input: { webhookId: id, grace_period_hours: bad } })),
      ).toBe("VALIDATION_ERROR");
    expect((await getWebhook({ ctx, input: { webhookId: id } })).secret).toBe(hook.secret);
    // A current code passes.
    const rotated = await rotateWebhookSecret({
      ctx: admin,
      input: { webhookId: id, twoFactorCode: totpCode(org.admin.totpSecret) },
    });
    expect(rotated.secret).not.toBe(hook.secret);
  });
});

describe("Standard Webhooks headers (opt-in)", () => {
  it("the reference standardwebhooks package verifies them, with either secret during a rotation", async () => {
    const { org, ctx, hook } = await setup("/std", { standard: true });
    const plain = await setup("/std-off");
    await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    let got = await deliver(org.orgId, "/std", 1);
    const [delivery] = await database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.webhook_id));
    expect(header(got, "webhook-id")).toBe(delivery!.id);
    expect(header(got, "webhook-timestamp")).toBe(header(got, "x-svc-timestamp"));
    const verify = (secret: string, r: ReceivedRequest) =>
      new Webhook(secret).verify(r.body.toString("utf8"), r.headers as Record<string, string>);
    expect(verify(hook.secret, got)).toMatchObject({ type: "webhook.test" });
    // Our own header is still there and still verifies.
    expect(await verifies(got, hook.secret)).toBe(true);

    const rotated = await rotateWebhookSecret({ ctx, input: { webhookId: hook.webhook_id } });
    await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    got = await deliver(org.orgId, "/std", 2);
    expect(header(got, "webhook-signature")!.split(" ")).toHaveLength(2);
    expect(verify(rotated.secret!, got)).toMatchObject({ type: "webhook.test" });
    expect(verify(hook.secret, got)).toMatchObject({ type: "webhook.test" });
    expect(() => verify(plain.hook.secret, got)).toThrow();

    // Off by default; switched off by an update, the headers go.
    await sendTestEvent({ ctx: plain.ctx, input: { webhookId: plain.hook.webhook_id } });
    expect(header(await deliver(plain.org.orgId, "/std-off", 1), "webhook-signature")).toBeUndefined();
    const off = await updateWebhook({ ctx, input: { webhookId: hook.webhook_id, standard_webhooks: false } });
    expect(off.standard_webhooks).toBe(false);
    await sendTestEvent({ ctx, input: { webhookId: hook.webhook_id } });
    expect(header(await deliver(org.orgId, "/std", 3), "webhook-id")).toBeUndefined();
  });
});
