/**
 * The work authentication adds to a request, per credential kind, measured on the resolvers the
 * REST kit calls (one indexed lookup each; no cache, so revocation is immediate everywhere).
 *
 *   npx tsx bench/auth-cost.ts [--iterations 20000]              # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://... npx tsx bench/auth-cost.ts        # a Postgres server
 * Goal (issue 3): p99 under 1 ms with warm caches.
 */
import "./env-first";
import { parseArgs } from "node:util";
import { env } from "@/lib/env";
import { exchangeApiToken, resolveApiKeyPair, resolveApiToken } from "@/server/apikeys/authenticate";
import { createApiKey } from "@/server/apikeys/manage";
import { enableCredentialCache } from "@/server/auth/credential-cache";
import { resolveUserBearer } from "@/server/auth/tokens";
import { totpCode } from "@/server/auth/totp";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createTestOrg, userCtx } from "@/server/testing/fixtures";

const { values } = parseArgs({ options: { iterations: { type: "string", default: "20000" } } });
const N = Number(values.iterations);
/** A tenth of the measured runs, at most 2,000 (a small --iterations is a quick check). */
const WARM_UP = Math.min(2_000, Math.ceil(N / 10));

const url = env().DATABASE_URL;
const database = url
  ? await openDatabase({ kind: "postgres", url, poolMax: 4 })
  : await openDatabase({ kind: "memory" });
await migrateDatabase(database);
const db = database.db;

const org = await createTestOrg(db);
const userToken = await org.token(org.admin.userId);
const ctx = userCtx(db, org.orgId, org.admin, { twoFactorEnabled: true });
const key = await createApiKey({
  ctx,
  input: { name: "bench", permissions: ["read"], two_factor_token: totpCode(org.admin.totpSecret) },
});
const apiToken = (await exchangeApiToken(db, { api_key: key.api_key, api_secret: key.api_secret }))
  .access_token;

async function measure(name: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await fn(); // warm: JIT, plans, buffers
  const times = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await fn();
    times[i] = performance.now() - t;
  }
  times.sort();
  const at = (q: number) => times[Math.min(N - 1, Math.floor(q * N))]!;
  return { name, p50: at(0.5), p99: at(0.99), max: times[N - 1]! };
}

async function measureAll(label: string) {
  return [
    await measure(`user access token (Bearer svc_ut_)${label}`, () => resolveUserBearer(db, userToken)),
    await measure(`X-API-Key + X-API-Secret${label}`, () =>
      resolveApiKeyPair(db, { apiKey: key.api_key, apiSecret: key.api_secret }),
    ),
    await measure(`API token (Bearer svc_at_)${label}`, () => resolveApiToken(db, apiToken)),
  ];
}

const rows = await measureAll(", database lookup");
// The embedded app caches resolved credentials (one owner process; see server/auth/credential-cache.ts).
if (database.kind === "pglite") {
  enableCredentialCache();
  rows.push(...(await measureAll(", warm cache (embedded app)")));
}
console.log(
  `\n${database.kind === "postgres" ? `Postgres ${database.location}` : "PGlite in memory"}, ` +
    `${N} sequential resolutions each after ${WARM_UP} warm-up, ${new Date().toISOString()}`,
);
console.log("| credential | p50 ms | p99 ms | max ms |");
console.log("|---|---|---|---|");
for (const r of rows)
  console.log(`| ${r.name} | ${r.p50.toFixed(3)} | ${r.p99.toFixed(3)} | ${r.max.toFixed(2)} |`);
await database.close();
