import { and, eq, sql } from "drizzle-orm";
import { ServiceError } from "@/lib/errors";
import { sha256Hex } from "@/server/crypto/hash";
import type { Db } from "@/server/db/client";
import { fiatDeposits } from "@/server/db/schema/fiat";
import { emitDepositEvent } from "@/server/fiat/events";
import { methodById } from "@/server/fiat/methods/catalog";
import { creditWallet } from "@/server/fiat/wallets/manage";
import { requireSandbox } from "@/server/providers/sandbox/mode";
import type { DepositRow } from "./view";

/**
 * The hosted sandbox checkout (docs/fiat.md "Deposits"): the page a payer opens from
 * checkout_url. Its token is the credential (long, random, single use; stored as its SHA-256,
 * looked up by it): "Pay" completes the deposit and credits the wallet, "Cancel" cancels it; both
 * in one transaction with their event, then the payer goes to redirect_url with
 * ?deposit_id=...&status=....
 */

export async function depositByToken(db: Db, token: string): Promise<DepositRow> {
  requireSandbox();
  const [row] = await db
    .select()
    .from(fiatDeposits)
    .where(eq(fiatDeposits.checkoutTokenHash, sha256Hex(token)));
  if (!row) throw new ServiceError("NOT_FOUND", "There is no such checkout.");
  return row;
}

/** Completes or cancels a pending deposit; a finished one is answered as it is (a double click). */
export async function finishCheckout(
  db: Db,
  input: { token: string; outcome: "complete" | "cancel" },
): Promise<{ deposit: DepositRow; redirectTo: string }> {
  requireSandbox();
  const deposit = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(fiatDeposits)
      .set({
        status: input.outcome === "complete" ? "completed" : "cancelled",
        updatedAt: sql`now()`,
        completedAt: input.outcome === "complete" ? sql`now()` : null,
      })
      .where(
        and(eq(fiatDeposits.checkoutTokenHash, sha256Hex(input.token)), eq(fiatDeposits.status, "pending")),
      )
      .returning();
    if (!row) return null;
    if (row.status === "completed") await creditWallet(tx, row.orgId, row.currency, row.creditAmount);
    await emitDepositEvent(tx, row.status === "completed" ? "completed" : "cancelled", row);
    return row;
  });
  const final = deposit ?? (await depositByToken(db, input.token));
  const url = new URL(final.redirectUrl);
  url.searchParams.set("deposit_id", final.id);
  url.searchParams.set("status", final.status);
  return { deposit: final, redirectTo: url.toString() };
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The checkout page of the token the payer opened: what is paid, what is credited, and the two buttons. */
export function renderCheckout(d: DepositRow, token: string): string {
  const method = methodById(d.gateway)?.method_name ?? "Payment";
  const action = (o: string) => `/api/v1/sandbox/checkout/${esc(encodeURIComponent(token))}/${o}`;
  const body =
    d.status === "pending"
      ? `<p>Pay <strong data-testid="amount-due">${esc(d.amountDue)} ${esc(d.payCurrency)}</strong>
with ${esc(method)}.</p>
<p>Your ${esc(d.currency)} wallet receives <strong>${esc(d.creditAmount)} ${esc(d.currency)}</strong>.</p>
<div class="actions">
<form method="post" action="${action("complete")}"><button type="submit" class="pay">Pay now</button></form>
<form method="post" action="${action("cancel")}"><button type="submit">Cancel</button></form></div>`
      : `<p>This checkout is ${esc(d.status)}.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{font:inherit;min-height:44px;padding:.5rem 1.25rem;border-radius:.375rem;border:1px solid #9ca3af;
background:#fff;color:#111827;cursor:pointer}
button.pay{background:#111827;border-color:#111827;color:#fff}</style></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1>Sandbox checkout</h1>
<p>Deposit ${esc(d.id)}. No real money moves in the sandbox.</p>${body}</body></html>`;
}
