/**
 * The sandbox authorization path (server/issuer/card-network/authorize.ts, the function
 * POST /api/v1/sandbox/card-network/authorize runs) without and with spending controls
 * (docs/spending-controls.md, docs/performance.md "Authorization with spending controls"), in one run:
 *
 *   1. no controls at all;
 *   2. every card with 3 limits (per authorization, daily, weekly) and 2 lists (blocked categories,
 *      allowed countries), every customer with 2 limits (monthly amount, daily count), and 10 active
 *      rules, 2 of them velocity rules; none declines the bench's purchases, so every check runs.
 *
 * For each: the throughput of CONCURRENCY authorizations in flight for SECONDS, then an open-loop
 * run at RATE authorizations/s for SECONDS (latency from each one's scheduled start, so a stall
 * counts against every authorization that waited for it): p50, p99, max.
 *
 *   DATABASE_URL=postgres://.../scratch npx tsx bench/authorization-controls.ts
 *
 * Goal (issue 26): throughput with controls >= 0.7 x without; p99 < 25 ms at 500/s.
 */
import { parseArgs } from "node:util";
import { authRuleInputSchema } from "@/lib/contracts/auth-rules";
import { spendingControlsInputSchema } from "@/lib/contracts/spending-controls";
import { boot } from "@/server/boot";
import type { CardRow } from "@/server/cards/customers/find";
import { changeAuthRuleState, createAuthRule, promoteAuthRule } from "@/server/controls/rules/store";
import { replaceCardSpendingControls, replaceCustomerSpendingControls } from "@/server/controls/store";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { authorizeCardTransaction } from "@/server/issuer/card-network/authorize";
import { keyCtx, spendingCustomer } from "@/server/testing/card-network";
import { createTestOrg } from "@/server/testing/fixtures";

const { values } = parseArgs({
  options: {
    cards: { type: "string", default: "200" },
    seconds: { type: "string", default: "10" },
    rate: { type: "string", default: "500" },
    concurrency: { type: "string", default: "8" },
  },
});
const CARDS = Number(values.cards);
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
const CONCURRENCY = Number(values.concurrency);

boot();
const url = process.env.DATABASE_URL;
const database = url
  ? await openDatabase({ kind: "postgres", url, poolMax: 16 })
  : await openDatabase({ kind: "memory" });
await migrateDatabase(database);
const db = database.db;

async function program(withControls: boolean) {
  const org = await createTestOrg(db);
  const ctx = keyCtx(db, org.orgId);
  const cards: CardRow[] = [];
  for (let i = 0; i < CARDS; i++) {
    const { customer, card } = await spendingCustomer(db, org.orgId, { fundMinor: 1_000_000_000 });
    cards.push(card);
    if (!withControls) continue;
    await replaceCardSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        cardId: card.id,
        controls: spendingControlsInputSchema.parse({
          spending_limits: [
            { amount: 5_000, interval: "per_authorization" },
            { amount: 1_000_000, interval: "daily" },
            { amount: 5_000_000, interval: "weekly" },
          ],
          blocked_categories: ["gambling", "adult"],
          allowed_merchant_countries: ["DE", "FR", "NL", "AT", "ES", "IT"],
        }),
      },
    });
    await replaceCustomerSpendingControls({
      ctx,
      input: {
        svcCardId: customer.svcCardId,
        controls: spendingControlsInputSchema.parse({
          spending_limits: [{ amount: 9_000_000, interval: "monthly" }],
          count_limits: [{ count: 1_000_000, interval: "daily" }],
        }),
      },
    });
  }
  if (withControls) {
    const rules = [
      [{ field: "amount", op: "gt", value: 9_000 }],
      [{ field: "currency", op: "in", values: ["GBP"] }],
      [{ field: "mcc", op: "in", values: ["crypto"] }],
      [{ field: "merchant_country", op: "in", values: ["KP", "IR"] }],
      [{ field: "merchant_name", op: "contains", value: "casino" }],
      [
        { field: "card_type", op: "in", values: ["physical"] },
        { field: "amount", op: "gt", value: 1_000 },
      ],
      [{ field: "customer", op: "in", values: ["sc_none"] }],
      [
        { field: "amount", op: "gte", value: 8_000 },
        { field: "mcc", op: "in", values: ["travel"] },
      ],
      [{ field: "velocity", measure: "count", window_minutes: 60, op: "gt", value: 100_000 }],
      [
        {
          field: "velocity",
          measure: "amount",
          window_minutes: 1_440,
          scope: "customer",
          op: "gt",
          value: 10_000_000,
          mcc: ["restaurants"],
        },
      ],
    ];
    for (const [i, conditions] of rules.entries()) {
      const rule = await createAuthRule({
        ctx,
        input: authRuleInputSchema.parse({ name: `rule ${i}`, conditions }),
      });
      await changeAuthRuleState({ ctx, input: { ruleId: rule.id, state: "shadow" } });
      await promoteAuthRule({ ctx, input: { ruleId: rule.id } });
    }
  }
  let n = 0;
  const authorizeOne = async () => {
    const card = cards[n++ % cards.length]!;
    const txn = await authorizeCardTransaction({
      ctx,
      input: {
        card_id: card.cardToken,
        amount: 1_000 + (n % 500),
        currency: "EUR",
        merchant: "Coffee Bar",
        merchant_category: "5814",
        merchant_country: "DE",
        type: "purchase",
      },
    });
    if (txn.status !== "authorized") throw new Error(`declined: ${txn.decline_reason_code}`);
  };
  return authorizeOne;
}

async function throughput(authorizeOne: () => Promise<void>) {
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await authorizeOne();
        done++;
      }
    }),
  );
  return done / SECONDS;
}

async function openLoop(authorizeOne: () => Promise<void>) {
  const total = RATE * SECONDS;
  const latencies = new Float64Array(total);
  const start = performance.now() + 50;
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const scheduled = start + (i * 1000) / RATE;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await authorizeOne();
      latencies[i] = performance.now() - scheduled;
    }),
  );
  latencies.sort();
  const at = (q: number) => latencies[Math.min(total - 1, Math.floor(q * total))]!;
  return { p50: at(0.5), p99: at(0.99), max: latencies[total - 1]! };
}

const results = [];
for (const [label, withControls] of [
  ["no controls", false],
  ["card 3 limits + 2 lists, customer 2 limits, 10 active rules (2 velocity)", true],
] as const) {
  const authorizeOne = await program(withControls);
  for (let i = 0; i < 300; i++) await authorizeOne(); // warm: JIT, plans, buffers
  const perSecond = await throughput(authorizeOne);
  const latency = await openLoop(authorizeOne);
  results.push({ label, perSecond, ...latency });
}
console.log(
  `\n${database.kind === "postgres" ? `Postgres ${database.location}` : "PGlite in memory"}, ${CARDS} cards, ` +
    `${new Date().toISOString()}`,
);
console.log(
  `| authorizations | throughput/s (${CONCURRENCY} in flight) | p50 ms at ${RATE}/s | p99 ms | max ms |`,
);
console.log("|---|---|---|---|---|");
for (const r of results)
  console.log(
    `| ${r.label} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.max.toFixed(1)} |`,
  );
console.log(`with / without: ${(results[1]!.perSecond / results[0]!.perSecond).toFixed(2)}`);
await database.close();
