/**
 * Whether a fiat wallet can pay what a payout debits, checked in the browser before "Lock quote"
 * so the operator meets "open a wallet" or "deposit" at the start, not at Confirm (the server's
 * debitWallet in server/fiat/wallets/manage.ts is still the rule that holds). Amounts are the
 * fiat API's decimal strings, compared on their digits (no float).
 */

export interface WalletBalance {
  currency: string;
  balance: string;
}

export type PayoutFunding =
  | { ok: true; wallet: WalletBalance }
  | { ok: false; reason: "no_wallet"; currency: string }
  | { ok: false; reason: "too_little"; wallet: WalletBalance; needed: string };

const SCALE = 8;

/** A decimal string as an integer of 10^-8 units; null if it is not a plain decimal. */
function scaled(text: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const value = BigInt(`${match[2]}${(match[3] ?? "").slice(0, SCALE).padEnd(SCALE, "0")}`);
  return match[1] ? -value : value;
}

/** a >= b for two decimal strings; false if either is not a decimal. */
export function decimalAtLeast(a: string, b: string): boolean {
  const x = scaled(a);
  const y = scaled(b);
  return x !== null && y !== null && x >= y;
}

/**
 * The wallet of `currency` among the organization's wallets, and whether it holds `needed` (the
 * estimate's customer_total_amount_due; undefined while there is no estimate yet).
 */
export function payoutFunding(
  wallets: readonly WalletBalance[],
  currency: string,
  needed: string | undefined,
): PayoutFunding {
  const wallet = wallets.find((w) => w.currency === currency);
  if (!wallet) return { ok: false, reason: "no_wallet", currency };
  if (needed !== undefined && !decimalAtLeast(wallet.balance, needed))
    return { ok: false, reason: "too_little", wallet, needed };
  return { ok: true, wallet };
}
