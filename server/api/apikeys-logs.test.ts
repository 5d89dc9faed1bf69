import { afterAll, describe, expect, it } from "vitest";
import { captureLogs } from "@/server/log";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
afterAll(async () => {
  clock.restore();
});

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("logs of a full key lifecycle", () => {
  it("never carry a secret, a token or a 2FA code", async () => {
    const org = await createTestOrg(database.db);
    const userToken = await org.token(org.admin.userId);
    const captured = captureLogs("trace");
    const secrets: string[] = [userToken];
    try {
      const code1 = clock.nextCode(org.admin.totpSecret);
      const created = (await (
        await post(
          "/api/apikey/create",
          { name: "Logged", permissions: ["read"] },
          { ...bearer(userToken), "x-2fa-token": code1 },
        )
      ).json()) as { id: string; api_key: string; api_secret: string };
      secrets.push(created.api_secret);
      const pair = { "x-api-key": created.api_key, "x-api-secret": created.api_secret };
      expect((await app.request("/api/v1/me", { headers: pair })).status).toBe(200);
      const token = (await (
        await post("/api/apikey/token", { api_key: created.api_key, api_secret: created.api_secret }, {})
      ).json()) as { access_token: string };
      secrets.push(token.access_token);
      expect((await app.request("/api/v1/me", { headers: bearer(token.access_token) })).status).toBe(200);
      // Failures are where secrets tend to slip into logs: a wrong secret, bad JSON carrying one.
      expect(
        (await app.request("/api/v1/me", { headers: { ...pair, "x-api-secret": `${created.api_secret}x` } }))
          .status,
      ).toBe(401);
      expect(
        (
          await app.request("/api/apikey/token", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: `{"api_secret":"${created.api_secret}",`,
          })
        ).status,
      ).toBe(400);
      const code2 = clock.nextCode(org.admin.totpSecret);
      const rotated = (await (
        await post(`/api/apikey/${created.id}/rotate`, {}, { ...bearer(userToken), "x-2fa-token": code2 })
      ).json()) as { api_secret: string };
      secrets.push(rotated.api_secret);
      const code3 = clock.nextCode(org.admin.totpSecret);
      expect(
        (await post(`/api/apikey/${created.id}/revoke`, { two_factor_token: code3 }, bearer(userToken)))
          .status,
      ).toBe(200);
      expect(
        (
          await app.request("/api/v1/me", {
            headers: { "x-api-key": created.api_key, "x-api-secret": rotated.api_secret },
          })
        ).status,
      ).toBe(401);
      // A code is 6 digits: look for it as a JSON value, not inside a timestamp.
      secrets.push(`"${code1}"`, `"${code2}"`, `"${code3}"`);
    } finally {
      captured.stop();
    }
    // The log was really written (one access line per request at least), and holds none of them.
    expect(captured.lines.length).toBeGreaterThanOrEqual(9);
    expect(captured.lines.some((l) => l.includes('"route":"/api/apikey/create"'))).toBe(true);
    const all = captured.lines.join("\n");
    for (const s of secrets) expect(all, "a secret reached the log").not.toContain(s);
  });
});
