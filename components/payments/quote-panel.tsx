"use client";

import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { FiatEstimate, FiatQuote } from "@/lib/contracts/fiat";
import { formatDecimalAmount as amount } from "@/lib/money";

/** Seconds left until `expiresAt`, ticking every second; 0 once it has passed. */
export function useCountdown(expiresAt: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000)) : 0;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className={`font-mono tabular-nums ${strong ? "font-semibold" : ""}`}>{value}</dd>
    </div>
  );
}

/**
 * The fee breakdown of an estimate or a locked quote: every fee, the rate and what arrives, each
 * amount in its currency's minor units (the API's 8 places stay in the API).
 */
export function QuoteBreakdown({ quote }: { quote: FiatEstimate }) {
  const c = quote.calculator;
  const from = quote.from_currency;
  const to = quote.to_currency;
  return (
    <dl className="text-sm" data-testid="quote-breakdown">
      <Row label="You send" value={amount(quote.amount, from)} />
      <Row label="Percentage fee" value={amount(c.fee_breakdown.float.wallet_currency, from)} />
      <Row label="Fixed fee" value={amount(c.fee_breakdown.fixed.wallet_currency, from)} />
      <Row
        label="Total fees"
        value={amount(quote.payout_data.total_transaction_fee_in_from_currency, from)}
      />
      <Row label="Total debited" value={amount(quote.payout_data.customer_total_amount_due, from)} strong />
      <Row label="Mid rate" value={`1 ${from} = ${c.exchange_rate} ${to}`} />
      <Row label="Your rate" value={`1 ${from} = ${quote.rate} ${to}`} />
      <Row label="Recipient gets" value={amount(quote.payout_data.customer_receive_amount, to)} strong />
    </dl>
  );
}

/** The locked quote's countdown, and the "expired" state with the way out. */
export function LockedQuote({ quote, onRenew }: { quote: FiatQuote; onRenew: () => void }) {
  const left = useCountdown(quote.expires_at);
  if (left === 0)
    return (
      <Alert tone="error" data-testid="quote-expired">
        This quote expired: its rate no longer binds.{" "}
        <Button size="sm" variant="secondary" onClick={onRenew}>
          Get a new quote
        </Button>
      </Alert>
    );
  const mm = Math.floor(left / 60);
  const ss = String(left % 60).padStart(2, "0");
  return (
    <Alert tone="success" data-testid="quote-locked">
      Quote locked for{" "}
      <span className="font-mono" data-testid="quote-countdown">
        {mm}:{ss}
      </span>
      . <span className="font-mono text-xs break-all">{quote.quote_id}</span>
    </Alert>
  );
}

/** Payout or deposit. */
export function ModeToggle({
  mode,
  onChange,
}: {
  mode: "payout" | "payin";
  onChange: (mode: "payout" | "payin") => void;
}) {
  return (
    <div className="flex gap-2" role="group" aria-label="Kind of payment">
      {(["payout", "payin"] as const).map((m) => (
        <Button
          key={m}
          size="sm"
          variant={mode === m ? "primary" : "secondary"}
          aria-pressed={mode === m}
          onClick={() => onChange(m)}
        >
          {m === "payout" ? "Payout" : "Deposit"}
        </Button>
      ))}
    </div>
  );
}
