import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, resetEnvForTests } from "@/lib/env";
import { seedDemo } from "@/server/cli/seed-demo";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import {
  dereferencer,
  type FuzzRequest,
  operationsOf,
  problemWith,
  requestsFor,
  systematicRequests,
} from "@/server/testing/fuzz/requests";
import { bearer, postJson } from "@/server/testing/http";
import { setWebhookResolver } from "@/server/webhooks/url-safety";
import { createApiApp } from "./app";

/**
 * The OpenAPI fuzzer (docs/errors.md, "The fuzzer"): every operation of the served document,
 * FUZZ_RUNS requests each (default 12), with hostile path ids, query values and bodies. Any 5xx,
 * stack trace, or error outside the error envelope fails the operation's test, which names the
 * request; FUZZ_SEED replays a run. Runs on PGlite in the normal suite and on Postgres when
 * DATABASE_URL is set (CI runs both).
 */

const app = createApiApp();
const doc = (await (await app.request("/api/openapi.json")).json()) as Parameters<typeof operationsOf>[0];
const operations = operationsOf(doc);
const deref = dereferencer(doc);

const database = withTestDatabase();
let auth: Record<string, string>;
const known = new Map<string, string[]>();

/** Ids of the test program by path parameter name; any of them for a name not listed. */
const ID_QUERIES: Record<string, (orgId: string) => ReturnType<typeof sql>> = {
  svcCardId: (o) => sql`select svc_card_id as id from card_customers where org_id = ${o} limit 5`,
  customerId: (o) => sql`select svc_card_id as id from card_customers where org_id = ${o} limit 5`,
  cardId: (o) => sql`select card_token as id from cards where org_id = ${o} limit 5`,
  transactionId: (o) => sql`select id from card_transactions where org_id = ${o} limit 5`,
  webhookId: (o) => sql`select id from webhook_subscriptions where org_id = ${o} limit 5`,
  deliveryId: (o) => sql`select id from webhook_deliveries where org_id = ${o} limit 5`,
  settlementId: (o) => sql`select id from master_wallet_deposits where org_id = ${o} limit 5`,
  transferId: (o) => sql`select id from customer_fundings where org_id = ${o} limit 5`,
  id: (o) => sql`select id from api_keys where org_id = ${o} limit 5`,
};

function knownIds(name: string): string[] {
  return known.get(name) ?? [...known.values()].flat();
}

beforeAll(async () => {
  resetEnvForTests();
  setWebhookResolver(async () => [{ address: "93.184.216.34", family: 4 }]);
  const org = await createTestOrg(database.db);
  await seedDemo(database.db, { customers: 30, transactions: 20, orgId: org.orgId });
  auth = bearer(await org.token(org.admin.userId));
  // A live worker, as in production: health answers 200 rather than its documented 503.
  await database.db.execute(
    sql`insert into worker_heartbeats (worker_id, host, pid) values (${`fuzz-${org.orgId}`}, 'fuzz', 1)`,
  );
  const hook = await app.request(
    "/api/v1/webhook/create-webhook",
    postJson({ url: "https://hooks.example.com/fuzz", events: ["*"] }, auth),
  );
  expect(hook.status).toBe(201);
  const webhookId = ((await hook.json()) as { data: { webhook_id: string } }).data.webhook_id;
  await app.request(`/api/v1/svc-card/webhooks/${webhookId}/test`, { method: "POST", headers: auth });
  for (const [name, query] of Object.entries(ID_QUERIES)) {
    try {
      const result = (await database.db.execute(query(org.orgId))) as unknown as { rows: { id: string }[] };
      if (result.rows.length)
        known.set(
          name,
          result.rows.map((r) => r.id),
        );
    } catch {
      // A table renamed or gone: that name falls back to every known id.
    }
  }
  known.set("currency", ["EUR", "USD"]);
}, 120_000);
afterAll(async () => {
  setWebhookResolver();
});

function describeRequest(req: FuzzRequest): string {
  const body = req.body === undefined ? "" : ` ${JSON.stringify(req.body.slice(0, 400))}`;
  return `${req.method} ${req.url.slice(0, 400)} ${JSON.stringify(req.headers)}${body}`;
}

describe("OpenAPI fuzzer", () => {
  it("walks a document with every operation", () => {
    expect(operations.length).toBeGreaterThanOrEqual(70);
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(20);
  });

  it.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))(
    "%s: no 5xx, no stack trace, errors in the envelope",
    async (_name, op) => {
      const { FUZZ_RUNS: numRuns, FUZZ_SEED: seed } = env();
      const check = async (req: FuzzRequest) => {
        const res = await app.request(req.url, {
          method: req.method,
          headers: { ...auth, ...req.headers },
          body: req.body,
        });
        const text = await res.text();
        const problem = problemWith(res.status, res.headers.get("content-type") ?? "", text);
        if (problem)
          throw new Error(
            `${problem}\n  request: ${describeRequest(req)}\n  response: ${text.slice(0, 500)}`,
          );
      };
      // Each hostile value once in each parameter and body field, then FUZZ_RUNS random requests.
      for (const req of systematicRequests(op, deref, knownIds, seed ?? 1)) await check(req);
      await fc.assert(fc.asyncProperty(requestsFor(op, deref, knownIds), check), {
        numRuns,
        seed,
        endOnFailure: true,
      });
    },
    60_000,
  );
});
