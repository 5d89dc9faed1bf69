/**
 * EXPLAIN ANALYZE of the statements behind GET /api/v1/card-issuer/card-transactions on a seeded
 * program (the largest one in the database): the daily counts, a deep page unfiltered and by
 * status, a customer's count and page, and the count of a day cut by from/to. Shows that each
 * reads index entries of at most one day plus the page (no Seq Scan, no OFFSET over the table).
 * Then the list's broad searches (a 2-letter merchant start, an amount range matching every row:
 * at most SEARCH_MATCH_LIMIT + 1 rows counted) and the Cards page (its total from card_counts, a
 * currency page through its index).
 *
 *   npx tsx bench/explain-issuer-reads.ts --data-dir DIR        # an embedded database (app stopped)
 *   DATABASE_URL=postgres://.../db npx tsx bench/explain-issuer-reads.ts
 */
import "./env-first";
import path from "node:path";
import { parseArgs } from "node:util";
import { count, sql, type SQLWrapper } from "drizzle-orm";
import { cardListWhere } from "@/server/cards/lifecycle/list";
import { type Db, openDatabase, rowsOf } from "@/server/db/client";
import { cards } from "@/server/db/schema/cards";
import { cardTransactions } from "@/server/db/schema/money";
import { dayCounts, filterOf, startOf } from "@/server/issuer/transactions/list";
import { pageQuery } from "@/server/issuer/transactions/page-rows";
import { countQuery, SEARCH_MATCH_LIMIT, searchFilterOf } from "@/server/issuer/transactions/search";

const { values } = parseArgs({ options: { "data-dir": { type: "string" } } });
const database = process.env.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: process.env.DATABASE_URL })
  : await openDatabase({
      kind: "pglite",
      dataDir: path.join(path.resolve(values["data-dir"] ?? ".data"), "pg"),
    });
const db: Db = database.db;

async function explain(title: string, query: SQLWrapper): Promise<void> {
  const plan = rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, costs off) ${query}`));
  console.log(`\n### ${title}\n${plan.map((r) => Object.values(r)[0]).join("\n")}`);
}

try {
  const [org] = rowsOf<{ org_id: string }>(
    await db.execute(sql`select org_id from program_counters order by total_customers desc limit 1`),
  );
  const orgId = org!.org_id;
  const [customer] = rowsOf<{ svc_card_id: string }>(
    await db.execute(sql`select svc_card_id from card_transactions where org_id = ${orgId} limit 1`),
  );
  const limit = 20;

  await explain(
    "daily counts of the whole program (the total)",
    sql`select day, sum(count)::int from card_transaction_daily_counts where org_id = ${orgId} group by
      day order by day desc`,
  );
  for (const status of [undefined, "settled", "failed"] as const) {
    const days = await dayCounts(db, orgId, status, {});
    const total = days.reduce((n, d) => n + d.count, 0);
    const offset = Math.floor((total - 1) / limit) * limit;
    for (const at of [offset, Math.floor(total / 2 / limit) * limit]) {
      const start = startOf(days, at, {}, limit)!;
      const name =
        `page ${at / limit + 1} of ${offset / limit + 1} ` + (status ? `status=${status}` : "unfiltered");
      await explain(
        start.fromDayStart
          ? `${name}: keys from the start of its day, OFFSET ${start.fromDayStart.skip} (the nearer end)`
          : `${name}: keys from the top of its day, OFFSET ${start.inner} inside it`,
        start.fromDayStart
          ? pageQuery(
              db,
              filterOf(orgId, { status }, { from: start.fromDayStart.from, toExclusive: start.upper }),
              start.fromDayStart.skip,
              limit,
              "asc",
            )
          : pageQuery(db, filterOf(orgId, { status }, { toExclusive: start.upper }), start.inner, limit),
      );
    }
  }
  const t = cardTransactions;
  await explain(
    "customer filter: the count",
    db
      .select({ n: count() })
      .from(t)
      .where(filterOf(orgId, { svcCardId: customer!.svc_card_id }, {})),
  );
  await explain(
    "customer filter: page 1",
    pageQuery(db, filterOf(orgId, { svcCardId: customer!.svc_card_id }, {}), 0, limit),
  );
  const now = Date.now();
  const cut = {
    from: new Date(now - 30.5 * 86_400_000),
    toExclusive: new Date(Math.floor(now / 86_400_000 - 30) * 86_400_000),
  };
  await explain(
    "from cutting a day: that day's part counted through the index",
    db
      .select({ n: count() })
      .from(t)
      .where(filterOf(orgId, {}, cut)),
  );
  const [recent] = rowsOf<{ merchant: string }>(
    await db.execute(
      sql`select merchant from card_transactions where org_id = ${orgId} and merchant is not null
        order by created_at desc limit 1`,
    ),
  );
  for (const [name, f] of [
    ["q = 2-letter merchant start", { q: recent!.merchant.slice(0, 2) }],
    ["amount_min = 0.01 (every row)", { amount_min: "0.01" }],
  ] as const) {
    const where = filterOf(orgId, { search: searchFilterOf(orgId, f) }, {});
    await explain(
      `search ${name}: the count, at most ${SEARCH_MATCH_LIMIT + 1} rows`,
      countQuery(db, where, SEARCH_MATCH_LIMIT),
    );
    await explain(`search ${name}: page 1`, pageQuery(db, where, 0, limit));
    await explain(`search ${name}: page 50, the last (OFFSET 980)`, pageQuery(db, where, 49 * limit, limit));
  }
  await explain(
    "cards: the total of currency=EUR (card_counts)",
    sql`select coalesce(sum(count), 0)::int from card_counts where org_id = ${orgId} and currency = 'EUR'`,
  );
  for (const [name, f] of [
    ["currency=EUR, page 1", { currency: "EUR" as const }],
    ["unfiltered, page 2,000", {}],
  ] as const) {
    const page = name.endsWith("2,000") ? 2000 : 1;
    await explain(
      `cards: ${name}: the page's keys`,
      db
        .select({ id: cards.id })
        .from(cards)
        .where(cardListWhere(orgId, f))
        .orderBy(sql`${cards.createdAt} desc, ${cards.id} desc`)
        .limit(limit)
        .offset((page - 1) * limit),
    );
  }
} finally {
  await database.close();
}
