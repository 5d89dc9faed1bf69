import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { createApiApp } from "@/server/api/app";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer, postJson } from "@/server/testing/http";
import { setWebhookResolver } from "./url-safety";

const database = withTestDatabase();
const app = createApiApp();
let auth: Record<string, string>;
beforeAll(async () => {
  resetEnvForTests();
  const org = await createTestOrg(database.db);
  auth = bearer(await org.token(org.admin.userId));
  // Only hooks.example.com resolves; every other name does not.
  setWebhookResolver(async (host) => {
    if (host === "hooks.example.com") return [{ address: "93.184.216.34", family: 4 }];
    throw new Error("ENOTFOUND");
  });
});
afterAll(async () => {
  setWebhookResolver();
});

type Answer = {
  data: { webhook_id: string; url: string; warnings?: string[] };
  details?: { path: string }[];
};

async function create(url: string) {
  const res = await app.request("/api/v1/webhook/create-webhook", postJson({ url, events: ["*"] }, auth));
  return { status: res.status, body: (await res.json()) as Answer };
}

describe("webhook registration over HTTP (sandbox)", () => {
  it("stores the normalized URL and answers without warnings when the name resolves", async () => {
    const res = await create("https://HOOKS.example.com./in");
    expect(res.status).toBe(201);
    expect(res.body.data.url).toBe("https://hooks.example.com/in");
    expect(res.body.data.warnings).toBeUndefined();
  });

  it("accepts a name that does not resolve with a warning, on create and on a URL update", async () => {
    const res = await create("https://not-yet.example.com/in");
    expect(res.status).toBe(201);
    expect(res.body.data.warnings).toEqual([expect.stringMatching(/^not-yet\.example\.com did not resolve/)]);
    const update = await app.request(`/api/v1/svc-card/webhooks/${res.body.data.webhook_id}`, {
      ...postJson({ url: "https://later.example.com/in" }, auth),
      method: "PUT",
    });
    expect(update.status).toBe(200);
    expect(((await update.json()) as Answer).data.warnings).toHaveLength(1);
  });

  it("refuses a replay over dates Postgres cannot store with 400 naming the field, not a 202", async () => {
    const hook = await create("https://hooks.example.com/replay");
    const replay = (body: unknown) =>
      app.request(`/api/v1/svc-card/webhooks/${hook.body.data.webhook_id}/replay`, postJson(body, auth));
    const res = await replay({ from: "-271821-04-20T00:00:00Z", to: "+275760-09-13T00:00:00Z" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).details?.map((d) => d.path)).toEqual(["from", "to"]);
    expect((await replay({ from: "2026-01-01T00:00:00Z", to: "2026-01-02T00:00:00Z" })).status).toBe(202);
  });

  it("refuses special-use names with 400 on url", async () => {
    for (const url of ["https://localhost./h", "https://foo.localhost./h", "https://printer.local./h"]) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect(res.body.details?.[0]?.path).toBe("url");
    }
  });
});
