import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { setWebhookResolver } from "@/server/webhooks/url-safety";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();

beforeAll(async () => {
  // No network here: host names resolve to a public documentation address.
  setWebhookResolver(async () => [{ address: "93.184.216.34", family: 4 }]);
  resetEnvForTests();
});
afterAll(async () => {
  setWebhookResolver();
  clock.restore();
});

const send = (method: string, body: unknown, headers: Record<string, string>): RequestInit => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function admin() {
  const org = await createTestOrg(database.db);
  const auth = bearer(await org.token(org.admin.userId));
  async function keyWith(permissions: string[]) {
    const res = await app.request(
      "/api/apikey/create",
      send(
        "POST",
        { name: "k", permissions },
        { ...auth, "x-2fa-token": clock.nextCode(org.admin.totpSecret) },
      ),
    );
    const k = (await res.json()) as { api_key: string; api_secret: string };
    return { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
  }
  return { org, auth, keyWith };
}

async function create(
  auth: Record<string, string>,
  body: Record<string, unknown> = {
    url: "https://hooks.example.com/in",
    events: ["card.frozen", "*"],
    description: "main",
  },
) {
  const res = await app.request("/api/v1/webhook/create-webhook", send("POST", body, auth));
  return {
    res,
    body: (await res.json()) as Record<string, unknown> & { data: { webhook_id: string; secret: string } },
  };
}

describe("webhook management over HTTP", () => {
  it(
    "create answers {status: true, message, data} with exactly the " +
      "interface's fields; get returns the secret, list does not",
    async () => {
      const a = await admin();
      const { res, body } = await create(a.auth);
      expect(res.status).toBe(201);
      expect(Object.keys(body).sort()).toEqual(["data", "message", "status"]);
      expect(body.status).toBe(true);
      expect(Object.keys(body.data).sort()).toEqual(["created_at", "events", "secret", "url", "webhook_id"]);
      expect(body.data).toMatchObject({ url: "https://hooks.example.com/in", events: ["card.frozen", "*"] });
      expect(body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(body.data.secret.slice(6), "base64")).toHaveLength(32);
      expect(body.data.webhook_id).toMatch(/^whk_/);

      const one = await app.request(`/api/v1/svc-card/webhooks/${body.data.webhook_id}`, { headers: a.auth });
      const oneBody = (await one.json()) as { success: boolean; data: Record<string, unknown> };
      expect(oneBody.success).toBe(true);
      expect(Object.keys(oneBody.data).sort()).toEqual([
        "consecutive_failures",
        "created_at",
        "description",
        "disabled_reason",
        "enabled",
        "events",
        "previous_secret_expires_at",
        "secret",
        "standard_webhooks",
        "updated_at",
        "url",
        "webhook_id",
      ]);
      expect(oneBody.data).toMatchObject({
        secret: body.data.secret,
        enabled: true,
        consecutive_failures: 0,
        disabled_reason: null,
        description: "main",
      });

      const list = await app.request("/api/v1/svc-card/webhooks", { headers: a.auth });
      const listBody = (await list.json()) as {
        success: boolean;
        data: { webhooks: Record<string, unknown>[] };
      };
      expect(listBody.data.webhooks).toHaveLength(1);
      expect(JSON.stringify(listBody)).not.toContain(body.data.secret);
    },
  );

  it(
    "update, rotate, test, deliveries, retry and delete; PUT enabled:true " + "resets the failure count",
    async () => {
      const a = await admin();
      const { body } = await create(a.auth);
      const id = body.data.webhook_id;
      const base = `/api/v1/svc-card/webhooks/${id}`;
      const put = await app.request(
        base,
        send("PUT", { events: ["transaction.settled"], enabled: false, description: "paused" }, a.auth),
      );
      expect(await put.json()).toMatchObject({
        success: true,
        data: {
          events: ["transaction.settled"],
          enabled: false,
          description: "paused",
          disabled_reason: "Disabled by a user.",
        },
      });
      const on = await app.request(base, send("PUT", { enabled: true }, a.auth));
      expect(await on.json()).toMatchObject({
        data: { enabled: true, consecutive_failures: 0, disabled_reason: null },
      });
      expect((await app.request(base, send("PUT", {}, a.auth))).status).toBe(400);
      const badUrl = await app.request(base, send("PUT", { url: "https://169.254.169.254/latest" }, a.auth));
      expect(badUrl.status).toBe(400);
      expect(await badUrl.json()).toMatchObject({
        success: false,
        error_code: "VALIDATION_ERROR",
        details: [{ path: "url" }],
      });

      // Rotation asks a user token for a current code (step-up), and a grace window of 0-168 hours.
      const noCode = await app.request(`${base}/rotate-secret`, { method: "POST", headers: a.auth });
      expect(await noCode.json()).toMatchObject({ error_code: "TWO_FACTOR_REQUIRED" });
      const tooLong = await app.request(
        `${base}/rotate-secret`,
        send(
          "POST",
          { grace_period_hours: 169 },
          { ...a.auth, "x-2fa-token": clock.nextCode(a.org.admin.totpSecret) },
        ),
      );
      expect(tooLong.status).toBe(400);
      const rotated = (await (
        await app.request(
          `${base}/rotate-secret`,
          send(
            "POST",
            { grace_period_hours: 2 },
            { ...a.auth, "x-2fa-token": clock.nextCode(a.org.admin.totpSecret) },
          ),
        )
      ).json()) as { data: { secret: string; previous_secret_expires_at: string | null } };
      expect(rotated.data.secret).toMatch(/^whsec_/);
      expect(new Date(rotated.data.previous_secret_expires_at!).getTime()).toBeGreaterThan(
        Date.now() + 3_600_000,
      );
      const ended = await app.request(`${base}/end-secret-grace`, {
        method: "POST",
        headers: { ...a.auth, "x-2fa-token": clock.nextCode(a.org.admin.totpSecret) },
      });
      expect(ended.status).toBe(200);
      expect(((await ended.json()) as { data: { previous_secret_expires_at: null } }).data).toMatchObject({
        previous_secret_expires_at: null,
      });
      const again = await app.request(`${base}/end-secret-grace`, {
        method: "POST",
        headers: { ...a.auth, "x-2fa-token": clock.nextCode(a.org.admin.totpSecret) },
      });
      expect(again.status).toBe(409);
      expect(rotated.data.secret).not.toBe(body.data.secret);
      const after = (await (await app.request(base, { headers: a.auth })).json()) as {
        data: { secret: string };
      };
      expect(after.data.secret).toBe(rotated.data.secret);

      const test = await app.request(`${base}/test`, { method: "POST", headers: a.auth });
      expect(test.status).toBe(201);
      const testBody = (await test.json()) as {
        data: { delivery_id: string; event_type: string; status: string };
      };
      expect(testBody.data).toMatchObject({ event_type: "webhook.test", status: "pending" });

      const mine = (await (await app.request(`${base}/deliveries?limit=5`, { headers: a.auth })).json()) as {
        data: { deliveries: { delivery_id: string }[]; total: number; page: number; limit: number };
      };
      expect(mine.data).toMatchObject({ total: 1, page: 1, limit: 5 });
      const all = (await (
        await app.request(`/api/v1/svc-card/webhooks/deliveries/all?status=pending&event_type=webhook.test`, {
          headers: a.auth,
        })
      ).json()) as { data: { deliveries: { delivery_id: string }[]; total: number } };
      expect(all.data.deliveries.map((d) => d.delivery_id)).toEqual([testBody.data.delivery_id]);
      const none = (await (
        await app.request(`/api/v1/svc-card/webhooks/deliveries/all?status=failed`, { headers: a.auth })
      ).json()) as { data: { total: number } };
      expect(none.data.total).toBe(0);
      expect(
        (await app.request(`/api/v1/svc-card/webhooks/deliveries/all?limit=500`, { headers: a.auth })).status,
      ).toBe(400);
      const detail = (await (
        await app.request(`/api/v1/svc-card/webhooks/deliveries/${testBody.data.delivery_id}`, {
          headers: a.auth,
        })
      ).json()) as { data: { request_body: string; attempt_log: unknown[] } };
      expect(JSON.parse(detail.data.request_body)).toMatchObject({
        type: "webhook.test",
        data: { webhook_id: id },
      });
      expect(detail.data.attempt_log).toEqual([]);

      const retry = await app.request(
        `/api/v1/svc-card/webhooks/deliveries/${testBody.data.delivery_id}/retry`,
        { method: "POST", headers: a.auth },
      );
      expect(retry.status).toBe(200);
      const replay = await app.request(
        `${base}/replay`,
        send("POST", { from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z" }, a.auth),
      );
      expect(replay.status).toBe(202);
      expect(await replay.json()).toMatchObject({
        success: true,
        data: { webhook_id: id, job_id: expect.stringMatching(/^job_/) },
      });
      expect(
        (
          await app.request(
            `${base}/replay`,
            send("POST", { from: "2027-01-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }, a.auth),
          )
        ).status,
      ).toBe(400);

      const del = await app.request(base, { method: "DELETE", headers: a.auth });
      expect(await del.json()).toMatchObject({ success: true, data: { webhook_id: id, deleted: true } });
      expect((await app.request(base, { headers: a.auth })).status).toBe(404);
    },
  );

  it("another organization's webhooks and deliveries are 404, never 403", async () => {
    const a = await admin();
    const b = await admin();
    const { body } = await create(a.auth);
    const id = body.data.webhook_id;
    const test = (await (
      await app.request(`/api/v1/svc-card/webhooks/${id}/test`, { method: "POST", headers: a.auth })
    ).json()) as { data: { delivery_id: string } };
    const probes: [string, RequestInit][] = [
      [`/api/v1/svc-card/webhooks/${id}`, { headers: b.auth }],
      [`/api/v1/svc-card/webhooks/${id}`, send("PUT", { enabled: false }, b.auth)],
      [`/api/v1/svc-card/webhooks/${id}`, { method: "DELETE", headers: b.auth }],
      [`/api/v1/svc-card/webhooks/${id}/rotate-secret`, { method: "POST", headers: b.auth }],
      [`/api/v1/svc-card/webhooks/${id}/end-secret-grace`, { method: "POST", headers: b.auth }],
      [`/api/v1/svc-card/webhooks/${id}/test`, { method: "POST", headers: b.auth }],
      [`/api/v1/svc-card/webhooks/${id}/deliveries`, { headers: b.auth }],
      [
        `/api/v1/svc-card/webhooks/${id}/replay`,
        send("POST", { from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z" }, b.auth),
      ],
      [`/api/v1/svc-card/webhooks/deliveries/${test.data.delivery_id}`, { headers: b.auth }],
      [
        `/api/v1/svc-card/webhooks/deliveries/${test.data.delivery_id}/retry`,
        { method: "POST", headers: b.auth },
      ],
    ];
    for (const [path, init] of probes) {
      const res = await app.request(path, init);
      expect(res.status, `${init.method ?? "GET"} ${path}`).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, error_code: "NOT_FOUND" });
    }
    const list = (await (
      await app.request("/api/v1/svc-card/webhooks/deliveries/all", { headers: b.auth })
    ).json()) as { data: { total: number } };
    expect(list.data.total).toBe(0);
    expect(
      (
        (await (await app.request(`/api/v1/svc-card/webhooks/${id}`, { headers: a.auth })).json()) as {
          data: { enabled: boolean };
        }
      ).data.enabled,
    ).toBe(true);
  });

  it(
    "needs the webhooks scope: a key without it gets 403, a key with it " + "works; no credential 401",
    async () => {
      const a = await admin();
      const readOnly = await a.keyWith(["read", "write"]);
      const hooks = await a.keyWith(["webhooks"]);
      const denied = await app.request("/api/v1/svc-card/webhooks", { headers: readOnly });
      expect(denied.status).toBe(403);
      expect(await denied.json()).toMatchObject({ success: false, error_code: "INSUFFICIENT_PERMISSION" });
      expect((await create(readOnly)).res.status).toBe(403);
      expect((await create(hooks)).res.status).toBe(201);
      expect((await app.request("/api/v1/svc-card/webhooks", { headers: hooks })).status).toBe(200);
      expect((await app.request("/api/v1/svc-card/webhooks")).status).toBe(401);
      const operator = await a.org.user("operator");
      const opToken = bearer(await a.org.token(operator.userId));
      expect((await app.request("/api/v1/svc-card/webhooks", { headers: opToken })).status).toBe(403);
    },
  );

  it(
    "the signing secret is answered by create, get and rotate-secret alone, and only to the webhooks " +
      "scope (docs/webhooks.md): no other answer about the subscription carries it",
    async () => {
      const a = await admin();
      const { body } = await create(a.auth);
      const { webhook_id: id, secret } = body.data;
      const base = `/api/v1/svc-card/webhooks/${id}`;
      const money = await a.keyWith(["read", "write", "transactions"]);
      const refused = await app.request(base, { headers: money });
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain(secret);

      const test = (await (
        await app.request(`${base}/test`, { method: "POST", headers: a.auth })
      ).json()) as {
        data: { delivery_id: string };
      };
      const answers = [
        await app.request(base, send("PUT", { description: "renamed" }, a.auth)),
        await app.request("/api/v1/svc-card/webhooks", { headers: a.auth }),
        await app.request(`${base}/deliveries`, { headers: a.auth }),
        await app.request("/api/v1/svc-card/webhooks/deliveries/all", { headers: a.auth }),
        await app.request(`/api/v1/svc-card/webhooks/deliveries/${test.data.delivery_id}`, {
          headers: a.auth,
        }),
      ];
      for (const res of answers) {
        expect(res.status, res.url).toBe(200);
        expect(await res.text(), res.url).not.toContain(secret);
      }
    },
  );

  it("refuses unsafe URLs at creation with a validation error on url", async () => {
    const a = await admin();
    for (const url of [
      "http://hooks.example.com/",
      "https://10.0.0.1/",
      "https://[::1]/",
      "https://192.168.1.1/x",
      "https://localhost/",
    ]) {
      const { res, body } = await create(a.auth, { url, events: ["*"] });
      expect(res.status, url).toBe(400);
      expect(body).toMatchObject({
        success: false,
        error_code: "VALIDATION_ERROR",
        details: [{ path: "url" }],
      });
    }
    setWebhookResolver(async () => [{ address: "172.16.0.5", family: 4 }]);
    try {
      expect((await create(a.auth, { url: "https://internal.example.com/", events: ["*"] })).res.status).toBe(
        400,
      );
    } finally {
      setWebhookResolver(async () => [{ address: "93.184.216.34", family: 4 }]);
    }
    expect((await create(a.auth, { url: "https://hooks.example.com/", events: [] })).res.status).toBe(400);
    expect(
      (await create(a.auth, { url: "https://hooks.example.com/", events: ["Not A Type"] })).res.status,
    ).toBe(400);
  });
});
