"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useState } from "react";
import { useStepUp } from "@/components/step-up-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { Action, ActionError } from "@/lib/action-result";
import type { SwapQuote, SwapQuoteBody, SwapView } from "@/lib/contracts/swaps";
import { SWAP_STATUS } from "./labels";

export interface SwapFormAsset {
  asset_id: string;
  ticker: string;
  chain: SwapQuoteBody["from_chain"];
  balance: string;
  address: string;
}

type ExecuteInput = { quote_id: string; from_asset_id: string; to_address: string };

/** Pick assets and an amount, get a quote (with its expiry countdown), execute it behind the step-up. */
export function SwapForm({
  assets,
  quote,
  execute,
}: {
  assets: SwapFormAsset[];
  quote: Action<SwapQuoteBody, SwapQuote>;
  execute: Action<ExecuteInput, SwapView>;
}) {
  const guarded = useStepUp();
  const router = useRouter();
  const [fromId, setFromId] = useState(
    assets.find((a) => a.balance !== "0")?.asset_id ?? assets[0]!.asset_id,
  );
  const [toId, setToId] = useState(assets.find((a) => a.ticker === "EURe")?.asset_id ?? assets[1]!.asset_id);
  const [amount, setAmount] = useState("");
  const [current, setCurrent] = useState<SwapQuote>();
  const [done, setDone] = useState<SwapView>();
  const [error, setError] = useState<ActionError>();
  const quoteCall = useAction(quote);
  const executeCall = useAction((input: ExecuteInput) => guarded(() => execute(input)));
  const busy = quoteCall.pending || executeCall.pending;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const from = assets.find((a) => a.asset_id === fromId)!;
  const to = assets.find((a) => a.asset_id === toId)!;
  const secondsLeft = current ? Math.max(0, Math.floor((Date.parse(current.expires_at) - now) / 1000)) : 0;

  async function getQuote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(undefined);
    const result = await quoteCall.run({
      from_chain: from.chain,
      from_token: from.ticker,
      to_chain: to.chain,
      to_token: to.ticker,
      amount,
      from_address: from.address,
      to_address: to.address,
    });
    setError(result.ok ? undefined : result.error);
    setCurrent(result.ok ? result.data : undefined);
  }

  async function run() {
    if (!current) return;
    const input = {
      quote_id: current.quote_id,
      from_asset_id: current.from_asset_id,
      to_address: current.to_address,
    };
    const result = await executeCall.run(input);
    if (result.ok) {
      setDone(result.data);
      setCurrent(undefined);
      router.refresh();
    } else setError(result.error);
  }

  const option = (a: SwapFormAsset) => (
    <option key={a.asset_id} value={a.asset_id}>
      {a.ticker} on {a.chain} (balance {a.balance})
    </option>
  );
  return (
    <div className="flex flex-col gap-4">
      <form className="grid gap-3 sm:grid-cols-4 sm:items-end" onSubmit={getQuote}>
        <label className="flex flex-col gap-1.5 text-sm">
          From
          <select
            value={fromId}
            onChange={(e) => setFromId(e.target.value)}
            className="rounded border border-border px-2 py-2"
          >
            {assets.map(option)}
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm">
          To (your master wallet)
          <select
            value={toId}
            onChange={(e) => setToId(e.target.value)}
            className="rounded border border-border px-2 py-2"
          >
            {assets.map(option)}
          </select>
        </label>
        <Field
          label="Amount"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          inputMode="decimal"
          required
        />
        <Button type="submit" disabled={busy || !amount}>
          Get quote
        </Button>
      </form>
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      {current ? (
        <section
          aria-label="Quote"
          className="flex flex-col gap-2 rounded-md border border-border p-4 text-sm"
        >
          <p>
            {current.amount} {current.from_token} ({current.from_chain}) to about{" "}
            <strong>
              {current.expected_output} {current.to_token}
            </strong>{" "}
            ({current.to_chain}); at least {current.min_output}.
          </p>
          <p className="text-muted">
            Rate {current.rate}, slippage {current.slippage}%, fees {current.fees.network_fee} network +{" "}
            {current.fees.protocol_fee} protocol {current.fees.currency}.
          </p>
          <p data-testid="quote-expiry">
            {secondsLeft > 0 ? `Expires in ${secondsLeft} s` : "Expired: get a new quote"}
          </p>
          <Button type="button" onClick={run} disabled={busy || secondsLeft === 0}>
            Execute swap
          </Button>
        </section>
      ) : null}
      {done ? (
        <Alert tone="success">
          Swap {done.swap_id} submitted ({SWAP_STATUS[done.status].label.toLowerCase()}). It shows below as it
          is processed.
        </Alert>
      ) : null}
    </div>
  );
}
