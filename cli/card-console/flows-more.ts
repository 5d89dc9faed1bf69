import { randomBytes } from "node:crypto";
import type { Client } from "./client";
import { type Data, newestEventId, waitForEvent } from "./flows";

/** The fiat, crypto gateway and webhook flows of `trigger` (cli/card-console/triggers.ts), over REST. */

const str = (d: Data, k: string) => String(d[k]);

async function ensureWallet(client: Client, currency: string): Promise<void> {
  await client.post("/api/v1/wallet/create", { currency }, { allow: [409] });
}

/** The hosted checkout's button, as the payer would press it (public: the token is the credential). */
async function checkout(client: Client, url: string, action: "complete" | "cancel"): Promise<void> {
  const path = new URL(url).pathname;
  const res = await fetch(`${client.creds.baseUrl}${path}/${action}`, { method: "POST", redirect: "manual" });
  if (res.status >= 400) throw new Error(`The checkout's ${action} answered ${res.status}.`);
}

/** A deposit into the USD wallet (card payment, method 202); `then` pays or cancels it at the checkout. */
export async function fiatDeposit(
  client: Client,
  then?: "complete" | "cancel",
  amount = 100,
): Promise<string> {
  await ensureWallet(client, "USD");
  const { data: quote } = await client.post(
    "/api/v1/exchange-rate",
    { from_currency: "USD", to_currency: "USD", amount, method_id: 202, method_type: "payin" },
    { idempotent: true },
  );
  const { data: dep } = await client.post(
    "/api/v1/wallet/deposits/new",
    {
      gateway: 202,
      quote_id: quote.quote_id,
      currency: "USD",
      redirect_url: "https://example.com/card-console/back",
    },
    { idempotent: true },
  );
  if (then) await checkout(client, str(dep, "checkout_url"), then);
  return str(dep, "deposit_id");
}

/**
 * A SEPA payout (method 101) of USD 20 from the USD wallet, funded by a paid deposit first.
 * `return`: waits for the worker to complete it, then the beneficiary's bank sends it back.
 */
export async function fiatPayout(client: Client, then?: "return"): Promise<string> {
  await fiatDeposit(client, "complete", 100);
  const { data: quote } = await client.post(
    "/api/v1/exchange-rate",
    { from_currency: "USD", to_currency: "EUR", amount: 20, method_id: 101, method_type: "payout" },
    { idempotent: true },
  );
  const before = await newestEventId(client);
  const { data: payout } = await client.post(
    "/api/v1/wallet/payout",
    {
      debit_wallet: "USD",
      quote_id: quote.quote_id,
      amount: 20,
      payment_method_id: 101,
      beneficiary: {
        beneficiary_name: "Ada Lovelace",
        beneficiary_type: "individual",
        iban: "DE89370400440532013000",
      },
    },
    { idempotent: true },
  );
  const id = str(payout, "payout_id");
  if (then === "return") {
    await waitForEvent(client, "fiat.payout.completed", before, 30_000, id);
    await client.post(`/api/v1/sandbox/payouts/${id}/return`, {}, { idempotent: true });
  }
  return id;
}

/** A crypto gateway payment of USD 20, paid with `pay` USDC on base (0: left unpaid). */
export async function gatewayPayment(
  client: Client,
  opts: { pay: number; expiresInMinutes?: number },
): Promise<string> {
  const { data } = await client.post("/api/v1/sandbox/crypto-gateway/payments", {
    title: "card-console trigger",
    requested_amount: 20,
    currency: "USD",
    expires_in_minutes: opts.expiresInMinutes ?? 60,
  });
  const id = str(data, "payment_id");
  if (opts.pay > 0)
    await client.post(
      `/api/v1/sandbox/crypto-gateway/payments/${id}/pay`,
      { asset_code: "USDC", network: "base", amount: opts.pay },
      { idempotent: true },
    );
  return id;
}

/**
 * A subscription made for a trigger and deleted after it. Its https URL under example.com never
 * receives anything that matters (a disabled or test-only subscription); it takes webhook.test only.
 */
export async function throwawayWebhook(client: Client): Promise<string> {
  const { data } = await client.post("/api/v1/webhook/create-webhook", {
    url: `https://example.com/card-console-trigger/${randomBytes(4).toString("hex")}`,
    events: ["webhook.test"],
    description: "card-console trigger (deleted right after)",
  });
  return str(data, "webhook_id");
}
