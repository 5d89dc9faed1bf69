import { eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { cardTransactions } from "./schema/money";
import { auditLog } from "./schema/platform";
import { queryOf } from "./sql-text";

const dialect = new PgDialect();

/** queryOf without its own check against drizzle, so the comparison here is made by the test. */
function ours(statement: Parameters<typeof queryOf>[1]) {
  setEnvForTests({ NODE_ENV: "production" });
  try {
    return queryOf(dialect, statement);
  } finally {
    setEnvForTests({ NODE_ENV: "test" });
  }
}

const at = new Date("2026-11-29T10:00:00.000Z");
const statements = {
  "text and values": sql`select ${1}, ${"a'b"}, ${null}, ${true}, ${10n}`,
  "nested sql, raw text and a join": sql`with x as (${sql`select ${2} as n`}) select ${sql.raw("n")} from x where n in ${[1, 2, 3]} and ${sql.join([sql`a = ${4}`, sql`b = ${5}`], sql` and `)}`,
  "dates and JSON objects as values": sql`insert into t values (${at}, ${JSON.stringify({ a: 1 })}::jsonb, ${{ b: [1, 2] }})`,
  "a table, its columns and their encoders": sql`update ${cardTransactions} set ${cardTransactions.metadata} = ${{ k: "v" }} where ${eq(cardTransactions.id, "txn_1")} and ${cardTransactions.createdAt} < ${at}`,
  "an identifier": sql`select ${sql.identifier("name")} from ${sql.identifier("t")} where v = ${3}`,
  "inlined values": sql`select ${sql`${"x"} || ${7}`.inlineParams()}, ${8}`,
  "a placeholder": sql`select ${sql.placeholder("p")}, ${9}`,
  "an undefined chunk": sql`select 1${undefined}`,
  "an insert builder's statement": new PgDialect().buildInsertQuery({
    table: auditLog,
    values: [
      Object.fromEntries(
        Object.entries({
          id: "aud_1",
          orgId: "org_1",
          actorType: "apiKey",
          actorId: "key_1",
          action: "card_network.authorized",
          targetType: "card_transaction",
          targetId: "txn_1",
          detail: { amount: 5 },
        }).map(([k, v]) => [k, sql.param(v, auditLog[k as keyof typeof auditLog] as never)]),
      ),
    ] as never,
    withList: undefined,
    onConflict: undefined,
    returning: undefined,
    select: false,
    overridingSystemValue_: undefined,
  } as never),
};

describe("queryOf (server/db/sql-text.ts): the text and values drizzle itself builds", () => {
  for (const [name, statement] of Object.entries(statements))
    it(name, () => {
      const theirs = dialect.sqlToQuery(statement);
      const mine = ours(statement);
      expect(mine.sql).toBe(theirs.sql);
      expect(mine.params).toEqual(theirs.params);
    });

  it("under test, throws when its text would differ from drizzle's", () => {
    const lying = {
      ...dialect,
      sqlToQuery: () => ({ sql: "select 2", params: [] }),
      escapeParam: dialect.escapeParam,
    };
    expect(() => queryOf(lying as never, sql`select 1`)).toThrow(/differs from drizzle/);
  });
});
