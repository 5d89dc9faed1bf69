import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBase62 } from "@/lib/ids";
import { TOTP_MAX_FAILURES } from "@/server/auth/totp";
import { idempotencyKeys } from "@/server/db/schema/platform";
import { IDEMPOTENCY_LEASE_SECONDS } from "@/server/http/idempotency";
import { withTestDatabase } from "@/server/testing/database";
import { createTestOrg } from "@/server/testing/fixtures";
import { bearer } from "@/server/testing/http";
import {
  type Answer,
  type Headers,
  MONEY_REQUESTS,
  type MoneyProgram,
  raised,
} from "@/server/testing/money-routes";
import { startTotpClock } from "@/server/testing/totp-clock";
import { createApiApp } from "./app";

/**
 * Issue 23, deliverable 3: a money movement never happens twice for one Idempotency-Key. Every
 * route that moves money stores its answer in the transaction of its effect (server/http/atomic.ts),
 * so the two windows of the ordinary path are gone:
 * - the process dies after the handler's commit, before the answer is stored: the claim was taken
 *   over after its lease and the retry ran the handler again;
 * - the COMMIT's acknowledgement is lost: the 5xx released the key and the retry ran it again.
 */

const database = withTestDatabase();
const app = createApiApp();
const clock = startTotpClock();
/** Keys whose answer "cannot be stored": a trigger fails the write, as a process dying there would. */
const unstored = `test_unstored_${randomBase62(8).toLowerCase()}`;

beforeAll(async () => {
  const db = database.db;
  await db.execute(sql.raw(`create table ${unstored} (key text primary key)`));
  await db.execute(
    sql.raw(`create function ${unstored}() returns trigger language plpgsql as $$
      begin
        if new.state = 'completed' and exists (select 1 from ${unstored} where key = new.key) then
          raise exception 'the process died before the answer was stored';
        end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${unstored} before insert or update on idempotency_keys
      for each row execute function ${unstored}()`),
  );
});
afterAll(async () => {
  clock.restore();
  await database.db.execute(sql.raw(`drop trigger if exists ${unstored} on idempotency_keys`));
  await database.db.execute(sql.raw(`drop function if exists ${unstored}()`));
  await database.db.execute(sql.raw(`drop table if exists ${unstored}`));
});

async function program(): Promise<MoneyProgram> {
  const org = await createTestOrg(database.db);
  const admin = bearer(await org.token(org.admin.userId));
  const call = async (path: string, body: unknown, headers: Headers = {}): Promise<Answer> => {
    const res = await app.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...admin,
        "x-2fa-token": clock.nextCode(org.admin.totpSecret),
        ...headers,
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      text,
      body: JSON.parse(text) as Record<string, unknown>,
      replayed: res.headers.get("idempotent-replayed"),
    };
  };
  return { db: database.db, orgId: org.orgId, call };
}

/**
 * Runs `send` with the acknowledgement of the first commit that moved money lost: the commit
 * happened, the caller is told the connection failed.
 */
async function losingTheAcknowledgement(moved: () => Promise<number>, send: () => Promise<Answer>) {
  const db = database.db;
  const own = Object.hasOwn(db, "transaction");
  const commit = db.transaction.bind(db);
  const before = await moved();
  let lost = false;
  db.transaction = (async (...args: Parameters<typeof commit>) => {
    const out = await commit(...args);
    if (!lost && (await moved()) > before) {
      lost = true;
      throw new Error("Connection terminated unexpectedly");
    }
    return out;
  }) as typeof db.transaction;
  try {
    return await send();
  } finally {
    if (own) db.transaction = commit;
    else delete (db as { transaction?: unknown }).transaction;
  }
}

async function expireLease(orgId: string, key: string) {
  await database.db
    .update(idempotencyKeys)
    .set({ createdAt: sql`created_at - make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS + 1})` })
    .where(and(eq(idempotencyKeys.orgId, orgId), eq(idempotencyKeys.key, key)));
}

describe.each(Object.entries(MONEY_REQUESTS))("%s", (_, prepare) => {
  it("a COMMIT whose acknowledgement was lost: the retry gets the stored answer, the money moved once", async () => {
    const p = await program();
    const r = await prepare(p);
    const key = { "idempotency-key": `k-${randomBase62(16)}` };
    const before = await r.moved();
    const lost = await losingTheAcknowledgement(r.moved, () => p.call(r.path, r.body, key));
    expect(lost.status).toBe(500);
    expect(await r.moved()).toBe(before + 1);

    const retry = await p.call(r.path, r.body, key);
    expect(retry.status).toBeLessThan(300);
    expect(retry.replayed).toBe("true");
    expect(await r.moved()).toBe(before + 1);
  });

  it("the answer never stored (the process died), the claim's lease over: the retry moves the money once", async () => {
    const p = await program();
    const r = await prepare(p);
    const key = { "idempotency-key": `k-${randomBase62(16)}` };
    const before = await r.moved();
    await database.db.execute(
      sql`insert into ${sql.identifier(unstored)} (key) values (${key["idempotency-key"]})`,
    );
    await p.call(r.path, r.body, key);
    await database.db.execute(
      sql`delete from ${sql.identifier(unstored)} where key = ${key["idempotency-key"]}`,
    );
    await expireLease(p.orgId, key["idempotency-key"]);

    const retry = await p.call(r.path, r.body, key);
    expect(retry.status).toBeLessThan(300);
    expect(await r.moved()).toBe(before + 1);
    const again = await p.call(r.path, r.body, key);
    expect(again).toMatchObject({ status: retry.status, text: retry.text, replayed: "true" });
    expect(await r.moved()).toBe(before + 1);
  });
});

describe("a money route's 2FA step-up and refusals under its key", () => {
  it("a wrong code is counted before the transaction, never rolled back: the fifth locks the second factor", async () => {
    const p = await program();
    const r = await MONEY_REQUESTS["fund a customer (2FA step-up)"]!(p);
    for (let i = 0; i < TOTP_MAX_FAILURES; i++) {
      const wrong = await p.call(r.path, r.body, { "x-2fa-token": "000000", "idempotency-key": `k-${i}` });
      expect(wrong.body.error_code).toBe("INVALID_2FA_TOKEN");
    }
    const locked = await p.call(r.path, r.body, { "idempotency-key": "k-right" });
    expect(locked.body.error_code).toBe("TWO_FACTOR_LOCKED");
    expect(await r.moved()).toBe(0);
  });

  it("a refused funding keeps its failed transfer and event with the stored refusal; the retry replays it", async () => {
    const p = await program();
    const r = await MONEY_REQUESTS["fund a customer (2FA step-up)"]!(p);
    const tooMuch = { ...(r.body as Record<string, unknown>), amount: 1_000_000 };
    const key = { "idempotency-key": `k-${randomBase62(16)}` };
    const failed = raised(p.db, p.orgId, "customer.funding.failed");
    const refused = await p.call(r.path, tooMuch, key);
    expect(refused).toMatchObject({ status: 409, body: { error_code: "INSUFFICIENT_FUNDS" } });
    expect(await failed()).toBe(1);
    const again = await p.call(r.path, tooMuch, key);
    expect(again).toMatchObject({ status: 409, text: refused.text, replayed: "true" });
    expect(await failed()).toBe(1);
    expect(await r.moved()).toBe(0);
  });
});

describe("the routes that move money", () => {
  /** Every REST operation that moves money (or binds a price to move it), as the document lists them. */
  const MOVES_MONEY = [
    "post /api/v1/card-issuer/fund-customer",
    "post /api/v1/exchange-rate",
    "post /api/v1/wallet/payout",
    "post /api/v1/wallet/deposits/new",
    "post /api/v1/swap/execute",
    "post /api/v1/sandbox/master-wallet/deposit",
    "post /api/v1/sandbox/master-wallet/deposits/{settlementId}/settle",
    "post /api/v1/sandbox/master-wallet/assets/deposit",
    "post /api/v1/sandbox/card-transactions",
    "post /api/v1/sandbox/card-transactions/{transactionId}/settle",
    "post /api/v1/sandbox/card-transactions/{transactionId}/reverse",
    "post /api/v1/sandbox/card-transactions/{transactionId}/expire",
    "post /api/v1/sandbox/card-transactions/{transactionId}/fail",
    "post /api/v1/sandbox/card-transactions/{transactionId}/refund",
    "post /api/v1/sandbox/disputes/{disputeId}/decide",
    "post /api/v1/sandbox/payouts/{payout_id}/fail",
    "post /api/v1/sandbox/payouts/{payout_id}/return",
    "post /api/v1/sandbox/crypto-gateway/payments/{paymentId}/pay",
  ];

  it("are exactly the operations whose stored answer commits with their effect (x-idempotency-atomic)", async () => {
    const doc = (await (await app.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const atomic = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op["x-idempotency-atomic"] === true)
        .map(([method]) => `${method} ${path}`),
    );
    expect(atomic.sort()).toEqual([...MOVES_MONEY].sort());
  });
});
