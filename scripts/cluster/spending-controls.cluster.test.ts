import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { env } from "@/lib/env";
import { totpCode } from "@/server/auth/totp";
import { type Database, openDatabase } from "@/server/db/client";
import { spendingCustomer } from "@/server/testing/card-network";
import { createTestOrg } from "@/server/testing/fixtures";

/**
 * Spending limits hold across instances (docs/spending-controls.md, Counters): the counters are
 * locked in the hold's transaction in the shared database, not in any instance's memory, so
 * authorizations spread over the cluster's instances are checked one after another.
 */
const { url, apps } = inject("cluster");
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: "postgres", url: env().DATABASE_URL!, poolMax: 2 });
});
afterAll(async () => {
  await database.close();
});

type Headers = Record<string, string>;
const send = (method: string, body: unknown, headers: Headers): RequestInit => ({
  method,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe("spending controls on the cluster", () => {
  it("20 parallel authorizations over every instance against a daily limit worth 5 approve exactly 5", async () => {
    const org = await createTestOrg(database.db);
    const created = await fetch(
      `${apps[0]}/api/apikey/create`,
      send(
        "POST",
        { name: "cluster", permissions: ["read", "write"] },
        {
          authorization: `Bearer ${await org.token(org.admin.userId)}`,
          "x-2fa-token": totpCode(org.admin.totpSecret, Date.now()),
        },
      ),
    );
    expect(created.status).toBe(201);
    const k = (await created.json()) as { api_key: string; api_secret: string };
    const key = { "x-api-key": k.api_key, "x-api-secret": k.api_secret };
    // Funded for all 20: only the limit can decline.
    const { customer, card } = await spendingCustomer(database.db, org.orgId, { fundMinor: 100_000 });
    const controls = await fetch(
      `${apps[1]}/api/v1/svc-card/customers/${customer.svcCardId}/cards/${card.id}/spending-controls`,
      send("PUT", { spending_limits: [{ amount: 100, interval: "daily" }] }, key),
    );
    expect(controls.status).toBe(200);

    const targets = [...apps, url];
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(
          `${targets[i % targets.length]}/api/v1/sandbox/card-transactions`,
          send(
            "POST",
            {
              card_id: card.id,
              amount: 20,
              currency: "EUR",
              merchant: "Cluster Cafe",
              merchant_country: "DE",
            },
            key,
          ),
        );
        return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> } };
      }),
    );
    expect(answers.map((a) => a.status).filter((s) => s >= 300)).toEqual([]);
    const statuses = answers.map((a) => a.body.data?.status);
    expect(statuses.filter((s) => s === "authorized")).toHaveLength(5);
    expect(
      answers.filter((a) => a.body.data?.decline_reason_code === "spending_limit_exceeded"),
    ).toHaveLength(15);

    const limits = await fetch(
      `${url}/api/v1/svc-card/customers/${customer.svcCardId}/cards/${card.id}/spend-limits`,
      { headers: key },
    );
    const { data } = (await limits.json()) as { data: { limits: { used: number; remaining: number }[] } };
    expect(data.limits[0]).toMatchObject({ used: 100, remaining: 0 });
  });
});
