import { randomBytes } from "node:crypto";
import type { EventPage, EventView } from "@/lib/contracts/events";
import type { Client } from "./client";
import { readConfig, updateConfig } from "./config";

/**
 * The sandbox's real flows over REST, the steps `trigger` is made of (cli/card-console/triggers.ts):
 * a spending customer (onboarded through the six steps once, then reused), a card, a purchase, a
 * funding. Every call is a documented route; nothing writes an event by hand.
 */

export type Data = Record<string, unknown>;
const str = (d: Data, k: string) => String(d[k]);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface Customer {
  svcCardId: string;
  currency: string;
  /** The card purchases are made with (the card triggers use cards of their own). */
  cardId?: string;
}

/** The 6-digit code of the newest message to `to` in the sandbox's outbox. */
async function codeSentTo(client: Client, to: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const { data } = await client.get<{ messages: { body: string }[] }>("/api/v1/sandbox/outbox", {
      query: { to, limit: 1 },
    });
    const code = /\b(\d{6})\b/.exec(data.messages[0]?.body ?? "")?.[1];
    if (code) return code;
    await sleep(250);
  }
  throw new Error(`No code reached ${to} in the sandbox outbox.`);
}

const ANSWERS = [
  { question: "EMPLOYMENT_STATUS", answer: "EMPLOYED" },
  { question: "SOURCE_OF_INCOME", answer: "EMPLOYMENT_INCOME" },
  { question: "ANNUAL_INCOME", answer: "50K_TO_100K" },
  { question: "MONTHLY_CARD_SPEND", answer: "500_TO_2000" },
  { question: "ACCOUNT_PURPOSE", answer: "EVERYDAY_SPENDING" },
];

/** A new B2B customer through the six onboarding steps (docs/card-program.md), EUR, wallet deployed. */
export async function onboardCustomer(client: Client): Promise<Customer> {
  const tag = randomBytes(4).toString("hex");
  const email = `cli-trigger-${tag}@example.com`;
  const { data: started } = await client.post("/api/v1/card-issuer/customers", {
    email,
    external_id: `cli-trigger-${tag}`,
  });
  const id = str(started, "svc_card_id");
  await client.post(`/api/v1/svc-card/${id}/verify-otp`, { otp: await codeSentTo(client, email) });
  await client.post(`/api/v1/sandbox/kyc/${id}`, { decision: "approved", currency: "EUR" });
  await client.post(`/api/v1/svc-card/customers/${id}/source-of-funds`, { answers: ANSWERS });
  const phone = `+4915${String(Date.now()).slice(-8)}`;
  await client.post("/api/phone/request-verification", { svc_card_id: id, phone });
  await client.post("/api/phone/verify", { svc_card_id: id, code: await codeSentTo(client, phone) });
  await client.post(`/api/v1/svc-card/${id}/safe/deploy`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { data } = await client.get(`/api/v1/svc-card/${id}/safe/deploy`);
    if (data.is_ready) break;
    if (Date.now() > deadline) throw new Error(`The account wallet of ${id} was not ready within 60 s.`);
    await sleep(500);
  }
  return { svcCardId: id, currency: "EUR" };
}

/** Master wallet money in the customer's currency (a one-step sandbox deposit). */
export async function depositToMasterWallet(client: Client, currency: string, amount: number) {
  return client.post(
    "/api/v1/sandbox/master-wallet/deposit",
    { currency, amount, two_step: false },
    { idempotent: true },
  );
}

export async function fundCustomer(client: Client, c: Customer, amount: number) {
  await depositToMasterWallet(client, c.currency, amount);
  return client.post(
    "/api/v1/card-issuer/fund-customer",
    { customer_id: c.svcCardId, amount, currency: c.currency },
    { idempotent: true },
  );
}

const programKey = (client: Client) => `${client.creds.baseUrl} ${client.creds.apiKey}`;

function remember(client: Client, c: Customer): void {
  updateConfig((config) => {
    config.trigger_customers = {
      ...config.trigger_customers,
      [programKey(client)]: { svc_card_id: c.svcCardId, currency: c.currency, card_id: c.cardId },
    };
  });
}

/** The customer trigger spends with: the stored one while it is active, else a new one, funded. */
export async function spendingCustomer(client: Client): Promise<Customer> {
  const stored = readConfig().trigger_customers?.[programKey(client)];
  if (stored) {
    const found = await client.get(`/api/v1/card-issuer/customers/${stored.svc_card_id}`, { allow: [404] });
    if (found.status === 200 && found.data.flow_status === "active")
      return { svcCardId: stored.svc_card_id, currency: stored.currency, cardId: stored.card_id };
  }
  const customer = await onboardCustomer(client);
  await fundCustomer(client, customer, 500);
  customer.cardId = (await newCard(client, customer)).cardId;
  remember(client, customer);
  return customer;
}

/** A new virtual card; `done` voids it again, so the customer stays under its 5 cards in use. */
export async function newCard(
  client: Client,
  c: Customer,
): Promise<{ cardId: string; done: () => Promise<void> }> {
  const { data } = await client.post(`/api/v1/svc-card/${c.svcCardId}/cards/virtual`);
  const cardId = str(data, "card_id");
  const done = async () => {
    await client.post(`${cardPath(c, cardId)}/void`, {}, { allow: [409] });
  };
  return { cardId, done };
}

export const cardPath = (c: Customer, cardId: string) =>
  `/api/v1/svc-card/customers/${c.svcCardId}/cards/${cardId}`;

const NETWORK = "/api/v1/sandbox/card-transactions";

/** A card purchase authorization on a new card of the spending customer (topped up when low). */
export async function purchase(
  client: Client,
  amount = 2.5,
): Promise<{ c: Customer; txn: string; cardId: string }> {
  const c = await spendingCustomer(client);
  const { data: customer } = await client.get(`/api/v1/card-issuer/customers/${c.svcCardId}`);
  if (!(Number(customer.available_balance ?? 0) >= amount * 4)) await fundCustomer(client, c, 200);
  const cards = (customer.cards ?? []) as { card_id: string; status: string }[];
  if (!cards.some((k) => k.card_id === c.cardId && k.status === "active")) {
    c.cardId = (await newCard(client, c)).cardId;
    remember(client, c);
  }
  const cardId = c.cardId!;
  const { data } = await client.post(
    NETWORK,
    {
      card_id: cardId,
      amount,
      currency: c.currency,
      merchant: "Card Console CLI",
      merchant_category: "5814",
      merchant_city: "Berlin",
      merchant_country: "DE",
      type: "purchase",
    },
    { idempotent: true },
  );
  if (data.status !== "authorized")
    throw new Error(`The purchase was ${String(data.status)}, not authorized.`);
  return { c, txn: str(data, "transaction_id"), cardId };
}

export async function settle(client: Client, txn: string) {
  return client.post(`${NETWORK}/${txn}/settle`, {}, { idempotent: true });
}

export async function network(client: Client, txn: string, action: string, body: Data = {}) {
  return client.post(`${NETWORK}/${txn}/${action}`, body, { idempotent: true });
}

/** A settled purchase disputed by the program. */
export async function dispute(client: Client): Promise<string> {
  const { c, txn } = await purchase(client);
  await settle(client, txn);
  const { data } = await client.post(`/api/v1/svc-card/${c.svcCardId}/transactions/${txn}/disputes`, {
    reason_code: "not_received",
    description: "Triggered by card-console: the goods never arrived.",
  });
  return str(data, "dispute_id");
}

/** The newest event's id: what `waitForEvent` looks past. */
export async function newestEventId(client: Client): Promise<string | undefined> {
  const { data } = await client.get<EventPage>("/api/v1/events", { query: { limit: 1 } });
  return data.events[0]?.id;
}

/**
 * Waits for an event of `type` newer than the event `after` (the worker's steps take a few
 * seconds). Paged by event id, not by time, so the CLI's clock may differ from the server's.
 */
export async function waitForEvent(
  client: Client,
  type: string,
  after: string | undefined,
  timeoutMs: number,
  objectId?: string,
): Promise<EventView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await client.get<EventPage>("/api/v1/events", {
      query: { type, object_id: objectId, ending_before: after, limit: 1 },
    });
    if (data.events[0]) return data.events[0];
    if (Date.now() > deadline)
      throw new Error(
        `No ${type} event within ${timeoutMs / 1000} s. Is the worker running (WORKER=1, or npm run worker)?`,
      );
    await sleep(500);
  }
}
