import { randomUUID } from "node:crypto";
import type { ClientTally, Tally } from "./checks";

export interface LoadPlan {
  url: string;
  headers: Record<string, string>;
  /** svc_card_id of fundable customers (GBP) and card ids of their cards (cards[i] is customers[i]'s). */
  customers: string[];
  cards: string[];
  connections: number;
  until: number;
  /** True while Postgres is restarting (and a few seconds after): errors then are expected. */
  pgRestarting: () => boolean;
}

interface Outcome {
  status: number;
  /** 409 IDEMPOTENCY_KEY_IN_USE: an earlier attempt of this request may or may not have taken effect. */
  inUse?: boolean;
  body?: { data?: { transaction_id?: string; dispute_id?: string; status?: string } };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One idempotent request as a careful client sends it: one Idempotency-Key, repeated (same key,
 * same body) after a 5xx or a failed connection until it gets a final answer. Every 5xx or failed
 * connection is counted; the balancer should have hidden all of them but those of a Postgres restart.
 */
async function send(plan: LoadPlan, tally: ClientTally, path: string, body: unknown): Promise<Outcome> {
  const key = randomUUID();
  for (let attempt = 0; ; attempt++) {
    let status = 0;
    try {
      const res = await fetch(`${plan.url}${path}`, {
        method: "POST",
        headers: { ...plan.headers, "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      status = res.status;
      const text = await res.text();
      const answer = text ? (JSON.parse(text) as Outcome["body"] & { error_code?: string }) : undefined;
      // The first attempt still holds the key (it was cut off mid-way; the key's lease is long):
      // its outcome is unknown to this client, which would retry much later.
      if (status === 409 && answer?.error_code === "IDEMPOTENCY_KEY_IN_USE") return { status, inUse: true };
      if (status < 500) return { status, body: answer };
    } catch {
      status = 0;
    }
    if (plan.pgRestarting()) tally.errorsDuringPgRestart++;
    else {
      tally.errors++;
      tally.errorStatuses[status] = (tally.errorStatuses[status] ?? 0) + 1;
    }
    if (attempt > 100) return { status };
    await sleep(200);
  }
}

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** One idempotent request of a kind, counted in the tally: its outcome. */
async function counted(
  plan: LoadPlan,
  tally: ClientTally,
  kind: keyof Tally,
  path: string,
  body: unknown,
): Promise<Outcome> {
  const r = await send(plan, tally, path, body);
  if (r.status >= 200 && r.status < 300) tally.succeeded[kind]++;
  if (r.inUse) tally.unknown[kind]++;
  return r;
}

/**
 * Everything that credits a settled purchase back, at once (docs/money.md, "Credits of a
 * purchase"): a dispute is filed, then decided won twice, the purchase refunded twice in part and
 * disputed again, in parallel through whichever instances the balancer picks. Each request counts
 * as 1 logical request; 409s and 400s are the expected refusals.
 */
async function creditRace(
  plan: LoadPlan,
  tally: ClientTally,
  svcCardId: string,
  txn: string,
): Promise<number> {
  const dispute = { reason_code: "not_received", description: "Chaos: never arrived" };
  const filePath = `/api/v1/svc-card/${svcCardId}/transactions/${txn}/disputes`;
  const filed = await counted(plan, tally, "dispute", filePath, dispute);
  const disputeId = filed.body?.data?.dispute_id;
  const decide = () =>
    disputeId
      ? counted(plan, tally, "decide", `/api/v1/sandbox/disputes/${disputeId}/decide`, { status: "won" })
      : Promise.resolve(undefined);
  const refund = () =>
    counted(plan, tally, "refund", `/api/v1/sandbox/card-transactions/${txn}/refund`, { amount: 0.02 });
  await Promise.all([
    decide(),
    decide(),
    refund(),
    refund(),
    counted(plan, tally, "dispute", filePath, dispute),
  ]);
  return 6;
}

/**
 * Funding calls, card authorizations and their settlements, and on a quarter of the settled
 * purchases a race of refunds and disputes (creditRace), in a loop per connection.
 */
export async function runLoad(plan: LoadPlan, tally: ClientTally): Promise<number> {
  let requests = 0;
  const loop = async () => {
    while (Date.now() < plan.until) {
      requests++;
      if (Math.random() < 0.4) {
        const amount = (1 + Math.floor(Math.random() * 99)) / 100;
        const r = await send(plan, tally, "/api/v1/card-issuer/fund-customer", {
          customer_id: pick(plan.customers),
          amount,
          currency: "GBP",
        });
        if (r.status >= 200 && r.status < 300) tally.succeeded.fund++;
        if (r.inUse) tally.unknown.fund++;
        continue;
      }
      const i = Math.floor(Math.random() * plan.cards.length);
      const auth = await send(plan, tally, "/api/v1/sandbox/card-transactions", {
        card_id: plan.cards[i],
        amount: 0.05,
        currency: "GBP",
        merchant: "Chaos Cafe",
      });
      if (auth.inUse) tally.unknown.authorize++;
      if (auth.status < 200 || auth.status >= 300) continue;
      tally.succeeded.authorize++;
      if (auth.body?.data?.status !== "authorized" || Math.random() < 0.3) continue;
      requests++;
      const settle = await send(
        plan,
        tally,
        `/api/v1/sandbox/card-transactions/${auth.body.data.transaction_id}/settle`,
        {},
      );
      if (settle.status >= 200 && settle.status < 300) tally.succeeded.settle++;
      if (settle.inUse) tally.unknown.settle++;
      if (settle.status >= 200 && settle.status < 300 && Math.random() < 0.25)
        requests += await creditRace(plan, tally, plan.customers[i]!, auth.body.data.transaction_id!);
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, loop));
  return requests;
}
