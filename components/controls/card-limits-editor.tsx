"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input, selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { CardControlsActionInput, SpendingControlsView } from "@/lib/contracts/spending-controls";
import { SPENDING_INTERVAL_VALUES, type SpendingInterval } from "@/lib/enums";
import { INTERVAL_LABELS } from "./labels";

type Controls = SpendingControlsView["spending_controls"];
interface Row {
  amount: string;
  interval: SpendingInterval;
  categories?: string[];
}

/**
 * The card's own amount limits, edited in place (the lists and count limits stay as they are). A
 * cardholder sees the same form and the server refuses a raise (server/controls/lower-only.ts).
 */
export function CardLimitsEditor({
  target,
  current,
  save,
}: {
  target: { svcCardId: string; cardId: string };
  current: Controls;
  save: Action<CardControlsActionInput, SpendingControlsView>;
}) {
  const router = useRouter();
  const saving = useAction(save);
  const [rows, setRows] = useState<Row[]>(
    current.spending_limits.map((l) => ({
      amount: String(l.amount),
      interval: l.interval,
      categories: l.categories,
    })),
  );
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const { spending_limits: _old, ...rest } = current;
    const res = await saving.run({
      ...target,
      controls: { ...rest, spending_limits: rows.map((r) => ({ ...r, amount: r.amount.trim() })) },
    });
    if (res.ok) {
      setSaved(true);
      router.refresh();
    }
  }

  const update = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate aria-label="Card limits">
      {rows.map((row, i) => (
        <div key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`limit-amount-${i}`}>Amount</Label>
            <Input
              id={`limit-amount-${i}`}
              inputMode="decimal"
              value={row.amount}
              onChange={(e) => update(i, { amount: e.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`limit-interval-${i}`}>Window</Label>
            <select
              id={`limit-interval-${i}`}
              className={selectClass}
              value={row.interval}
              onChange={(e) => update(i, { interval: e.target.value as SpendingInterval })}
            >
              {SPENDING_INTERVAL_VALUES.map((v) => (
                <option key={v} value={v}>
                  {INTERVAL_LABELS[v]}
                </option>
              ))}
            </select>
          </div>
          <Button type="button" variant="secondary" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() => setRows([...rows, { amount: "", interval: "daily" }])}
        >
          Add a limit
        </Button>
        <Button type="submit" disabled={saving.pending} aria-busy={saving.pending}>
          Save limits
        </Button>
      </div>
      {saving.error ? (
        <Alert tone="error">{Object.values(saving.error.fields ?? {})[0] ?? saving.error.message}</Alert>
      ) : null}
      {saved ? <Alert tone="success">Limits saved.</Alert> : null}
    </form>
  );
}
