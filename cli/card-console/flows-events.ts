import { randomBytes } from "node:crypto";
import type { Client } from "./client";
import { cardPath, type Customer, type Data, depositToMasterWallet, newCard } from "./flows";

/**
 * The card order, replacement, evidence, low-balance and webhook flows of `trigger`
 * (cli/card-console/triggers.ts), over the documented REST routes only.
 */

const str = (d: Data, k: string) => String(d[k]);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A physical card ordered for the customer (its order starts pending: card.shipping.updated), then
 * the order canceled before it ships: the card, never activated, is cancelled (card.cancelled) and
 * out of use again.
 */
export async function orderThenCancelPhysicalCard(client: Client, c: Customer): Promise<void> {
  const { data } = await client.post(`/api/v1/svc-card/customers/${c.svcCardId}/cards/physical`, {
    name: "CARD CONSOLE TRIGGER",
    service: "standard",
    address: { line1: "Unter den Linden 1", city: "Berlin", postal_code: "10117", country: "DE" },
  });
  await client.post(`/api/v1/card-issuer/card-orders/${str(data, "order_id")}/cancel`);
}

/** A new virtual card replaced as damaged (the old one voided, card.replaced); the new one voided after. */
export async function replaceNewCard(client: Client, c: Customer): Promise<void> {
  const card = await newCard(client, c);
  const { data } = await client.post(`${cardPath(c, card.cardId)}/replace`, { reason: "damaged" });
  const replacement = str(data.new_card as Data, "card_id");
  await client.post(`${cardPath(c, replacement)}/void`, {}, { allow: [409] });
}

/** A new virtual card renewed now (the daily renewal's card.expiring and replacement); both voided after. */
export async function renewNewCard(client: Client, c: Customer): Promise<void> {
  const card = await newCard(client, c);
  const { data } = await client.post(`/api/v1/sandbox/cards/${card.cardId}/renew`);
  await client.post(`${cardPath(c, str(data, "replaced_by"))}/void`, {}, { allow: [409] });
  await card.done();
}

/**
 * A statement of the customer written now by the sandbox (the monthly job's write): last month's,
 * or the month before the oldest one it has, so each run writes a new one (24 months at most).
 */
export async function writeStatement(client: Client, c: Customer): Promise<void> {
  const path = `/api/v1/svc-card/customers/${c.svcCardId}/statements`;
  const { data } = await client.get<{ statements: { period: string }[] }>(path);
  const oldest = data.statements.map((s) => s.period).sort()[0];
  let period: string | undefined;
  if (oldest) {
    const [y, m] = oldest.split("-").map(Number) as [number, number];
    period = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
  }
  await client.post(`/api/v1/sandbox/customers/${c.svcCardId}/statements`, period ? { period } : {});
}

/** A 1x1 PNG: what the server checks is the content's signature, so a real image. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** An evidence file uploaded to a dispute (multipart/form-data, field `file`). */
export async function uploadEvidence(client: Client, disputeId: string): Promise<void> {
  const form = new FormData();
  form.set("file", new File([PNG], "card-console-receipt.png", { type: "image/png" }));
  await client.postForm(`/api/v1/card-issuer/disputes/${disputeId}/evidence`, form, { idempotent: true });
}

/** The customer's low-balance threshold set above any balance (it fires at once), then turned off. */
export async function customerBalanceLow(client: Client, c: Customer): Promise<void> {
  const path = `/api/v1/svc-card/customers/${c.svcCardId}/low-balance-threshold`;
  await client.put(path, { threshold_minor: 100_000_000_000 });
  await client.put(path, { threshold_minor: null });
}

/**
 * The master wallet's low-balance alert of `currency`: re-armed (a threshold under the balance), set
 * above the balance (it fires at once), re-armed again, then back to the threshold it had.
 */
export async function masterWalletBalanceLow(client: Client, currency: string): Promise<void> {
  await depositToMasterWallet(client, currency, 10);
  const { data } = await client.get<{ wallets: Data[] }>("/api/v1/card-issuer/master-wallet");
  const wallet = data.wallets.find((w) => w.currency === currency);
  const balance = Number(wallet?.balance ?? 0);
  const before = (wallet?.low_balance_threshold as number | null | undefined) ?? null;
  const path = `/api/v1/card-issuer/master-wallet/${currency}/threshold`;
  await client.put(path, { threshold: 0.01 });
  await client.put(path, { threshold: Math.ceil(balance) + 1_000 });
  await client.put(path, { threshold: 0.01 });
  await client.put(path, { threshold: before });
}

/**
 * A delivery that fails its 7 attempts at once: a throwaway subscription to an https URL under the
 * reserved `.invalid` domain (RFC 2606: it never resolves, so every attempt fails), its test event,
 * then the sandbox's fast-forward, so the worker makes the remaining attempts at once instead of
 * over 39 hours; the 7th failure raises webhook.delivery.exhausted. The subscription is deleted once
 * the delivery has failed for good.
 */
export async function exhaustDelivery(client: Client, timeoutMs = 60_000): Promise<void> {
  const { data: hook } = await client.post("/api/v1/webhook/create-webhook", {
    url: `https://card-console-trigger-${randomBytes(4).toString("hex")}.invalid/hooks`,
    events: ["webhook.test"],
    description: "card-console trigger: an endpoint that never answers (deleted right after)",
  });
  const webhookId = str(hook, "webhook_id");
  try {
    const { data: delivery } = await client.post(`/api/v1/svc-card/webhooks/${webhookId}/test`);
    const deliveryId = str(delivery, "delivery_id");
    await client.post(`/api/v1/sandbox/webhooks/${webhookId}/retries/fast-forward`, {
      delivery_id: deliveryId,
    });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { data } = await client.get(`/api/v1/svc-card/webhooks/deliveries/${deliveryId}`);
      if (data.status === "failed") return;
      if (Date.now() > deadline)
        throw new Error(
          `Delivery ${deliveryId} was still ${String(data.status)} after ${timeoutMs / 1000} s. Is the ` +
            "worker running (WORKER=1, or npm run worker)?",
        );
      await sleep(500);
    }
  } finally {
    await client.call("DELETE", `/api/v1/svc-card/webhooks/${webhookId}`);
  }
}
