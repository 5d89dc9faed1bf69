"use client";

import { Send } from "lucide-react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type FundCustomerAction, MONEY_QUERY_KEYS } from "@/components/balances/types";
import { LiveStatus } from "@/components/transactions/live-status";
import { Button } from "@/components/ui/button";
import { Timestamp } from "@/components/ui/timestamp";
import { useLiveAction } from "@/components/ui/use-live-action";
import type { Action } from "@/lib/action-result";
import type { CardCustomerView } from "@/lib/contracts/cards";
import type { MasterWalletEntry } from "@/lib/contracts/money";
import { formatMinor } from "@/lib/money";

// Loaded when opened (Radix Dialog and the funding form are not in the page's first load).
const FundCustomerDialog = dynamic(
  () => import("@/components/balances/fund-customer-dialog").then((m) => m.FundCustomerDialog),
  { ssr: false },
);

/** The balance fields of the card customer view, which the page keeps live. */
export type CustomerBalance = Pick<
  CardCustomerView,
  | "svc_card_id"
  | "currency"
  | "safe_deployed"
  | "ledger_balance_minor"
  | "available_balance_minor"
  | "pending_balance_minor"
  | "balance_freshness"
  | "balance_updated_at"
>;

function Figures({ balance }: { balance: CustomerBalance }) {
  if (!balance.safe_deployed) {
    return (
      <p className="text-sm text-muted">
        No wallet yet: balances start once the account wallet is deployed (onboarding step 5).
      </p>
    );
  }
  const {
    ledger_balance_minor: ledger,
    available_balance_minor: available,
    pending_balance_minor: pending,
    currency,
  } = balance;
  if (ledger === null || available === null || currency === null) {
    return (
      <p className="text-sm text-muted">
        No balance recorded for this wallet yet: it appears with the wallet&apos;s first notification or chain
        read.
      </p>
    );
  }
  const onChain = balance.balance_freshness === "on_chain";
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {[
          { label: "Available", value: available, hint: "Ledger minus pending holds" },
          { label: "Ledger", value: ledger, hint: "Settled balance of the wallet" },
          {
            label: "Pending",
            value: pending,
            hint: onChain ? "Unknown: read from the chain" : "Authorized, not settled yet",
          },
        ].map((b) => (
          <div
            key={b.label}
            className="flex flex-col gap-0.5 rounded-md border border-border px-4 py-3"
            data-balance={b.label.toLowerCase()}
          >
            <dt className="text-xs text-muted">{b.label}</dt>
            <dd className="text-lg font-semibold tabular-nums">
              {b.value === null ? (
                <span className="text-sm font-normal text-muted">Unknown</span>
              ) : (
                formatMinor(b.value, currency)
              )}
            </dd>
            <dd className="text-xs text-muted">{b.hint}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">
        {onChain
          ? "Read from the chain: pending holds are unknown, so available may be overstated."
          : "Kept from live card notifications."}
        {balance.balance_updated_at ? (
          <>
            {" "}
            Updated <Timestamp iso={balance.balance_updated_at} seconds={false} />.
          </>
        ) : null}
      </p>
    </div>
  );
}

/**
 * The customer's wallet balance (one per wallet, shared by all cards), kept live. Operators and
 * admins may fund the wallet from the master wallet (2FA step-up).
 */
export function Balances({
  initial,
  read,
  fund,
}: {
  initial: CustomerBalance;
  read: Action<{ svcCardId: string }, CustomerBalance>;
  /** Present for operators and admins once the wallet is deployed. */
  fund?: { action: FundCustomerAction; wallets: MasterWalletEntry[]; twoFactorEnabled: boolean };
}) {
  const { data, error, refreshing } = useLiveAction({
    queryKey: MONEY_QUERY_KEYS.customer(initial.svc_card_id),
    action: read,
    input: { svcCardId: initial.svc_card_id },
    initial,
  });
  const [funding, setFunding] = useState(false);
  const router = useRouter();
  return (
    <div className="flex flex-col gap-3">
      <Figures balance={data} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <LiveStatus error={error} refreshing={refreshing} />
        {fund && data.safe_deployed ? (
          <Button variant="secondary" size="sm" onClick={() => setFunding(true)}>
            <Send aria-hidden />
            Fund wallet
          </Button>
        ) : null}
      </div>
      {funding && fund ? (
        <FundCustomerDialog
          action={fund.action}
          wallets={fund.wallets}
          twoFactorEnabled={fund.twoFactorEnabled}
          preset={{ customerId: data.svc_card_id, currency: data.currency ?? undefined }}
          onClose={() => setFunding(false)}
          // The page's server-read parts (the status line, the activity feed) show the funding too.
          onFunded={() => router.refresh()}
        />
      ) : null}
    </div>
  );
}
