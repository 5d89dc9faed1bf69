"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useId, useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { createWalletBodySchema, WalletView } from "@/lib/contracts/fiat-payments";

/**
 * Opens a fiat wallet in a currency the organization has none in yet: the same use case as
 * POST /api/v1/wallet/create (one wallet per currency, docs/fiat.md).
 */
export function OpenWalletForm({
  create,
  currencies,
}: {
  create: Action<z.input<typeof createWalletBodySchema>, WalletView>;
  currencies: string[];
}) {
  const router = useRouter();
  const currencyId = useId();
  const { run, pending, error } = useAction(create);
  const [chosen, setCurrency] = useState(currencies[0] ?? "");
  // The chosen currency while it is still openable (not the wallet just opened), else the first.
  const currency = currencies.includes(chosen) ? chosen : (currencies[0] ?? "");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await run({ currency });
    if (result.ok) router.refresh();
  }

  if (!currencies.length) return null;
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 px-5 py-4" aria-label="Open a wallet">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={currencyId}>Currency</Label>
        <select
          id={currencyId}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          className={selectClass}
        >
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? "Opening…" : "Open wallet"}
      </Button>
      {error ? <ActionErrorAlert error={error} /> : null}
    </form>
  );
}
