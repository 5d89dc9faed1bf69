"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDecimalAmount } from "@/lib/money";
import type { PayoutFunding } from "@/lib/payout-funding";
import { OPEN_WALLET_ANCHOR } from "./labels";

/**
 * Why "Lock quote" is off, with the way on: open a wallet of that currency (a link to the form
 * under Fiat wallets) or deposit into the wallet first (switches the calculator to Deposit for
 * that wallet). Viewers are told who can.
 */
export function WalletFundingNote({
  funding,
  canAct,
  onDeposit,
}: {
  funding: Exclude<PayoutFunding, { ok: true }>;
  canAct: boolean;
  onDeposit: (currency: string) => void;
}) {
  if (funding.reason === "no_wallet")
    return (
      <Alert tone="warning" data-testid="wallet-funding-note">
        {funding.currency
          ? `There is no ${funding.currency} wallet to pay from.`
          : "There is no fiat wallet to pay from or credit yet."}{" "}
        {canAct ? (
          <>
            <a className="font-medium underline" href={`#${OPEN_WALLET_ANCHOR}`}>
              Open a wallet
            </a>
            , then deposit into it.
          </>
        ) : (
          "An operator or admin can open one."
        )}
      </Alert>
    );
  const { wallet, needed } = funding;
  return (
    <Alert tone="warning" data-testid="wallet-funding-note">
      <span>
        The {wallet.currency} wallet holds {formatDecimalAmount(wallet.balance, wallet.currency)}; this payout
        debits {formatDecimalAmount(needed, wallet.currency)} with fees.{" "}
      </span>
      {canAct ? (
        <Button size="sm" variant="secondary" onClick={() => onDeposit(wallet.currency)}>
          Deposit into {wallet.currency}
        </Button>
      ) : (
        "An operator or admin can deposit into it."
      )}
    </Alert>
  );
}
