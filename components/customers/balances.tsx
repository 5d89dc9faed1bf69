import type { CardCustomerView } from "@/lib/contracts/cards";
import { LocalTime } from "@/components/api-keys/local-time";
import { formatMinor } from "@/lib/money";

/**
 * The customer's wallet balance (one per wallet, shared by all cards). Until there is a wallet,
 * or until the balance ledger keeps one, this says so instead of showing a number.
 */
export function Balances({ customer }: { customer: CardCustomerView }) {
  if (!customer.safe_deployed) {
    return <p className="text-sm text-muted">No wallet yet: balances start once the account wallet is deployed (onboarding step 5).</p>;
  }
  const { ledger_balance_minor: ledger, available_balance_minor: available, pending_balance_minor: pending, currency } = customer;
  if (ledger === null || available === null || currency === null) {
    return <p className="text-sm text-muted">Balances arrive with the balance ledger: this program does not keep wallet balances yet.</p>;
  }
  const onChain = customer.balance_freshness === "on_chain";
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {[
          { label: "Available", value: available, hint: "Ledger minus pending holds" },
          { label: "Ledger", value: ledger, hint: "Settled balance of the wallet" },
          { label: "Pending", value: pending, hint: "Authorized, not settled yet" },
        ].map((b) => (
          <div key={b.label} className="flex flex-col gap-0.5 rounded-md border border-border px-4 py-3">
            <dt className="text-xs text-muted">{b.label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{b.value === null ? <span className="text-sm font-normal text-muted">Unknown</span> : formatMinor(b.value, currency)}</dd>
            <dd className="text-xs text-muted">{b.hint}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">
        {onChain ? "Read from the chain: pending holds are unknown, so available may be overstated." : "Kept from live card notifications."}
        {customer.balance_updated_at ? (
          <>
            {" "}
            Updated <LocalTime iso={customer.balance_updated_at} />.
          </>
        ) : null}
      </p>
    </div>
  );
}
