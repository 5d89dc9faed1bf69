"use client";

import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { CustomerThreshold } from "@/lib/contracts/balance-alerts";
import { formatMinor, minorToDecimal, parseAmountToMinor } from "@/lib/money";

type SetThreshold = Action<{ svcCardId: string; threshold_minor: number | null }, CustomerThreshold>;

/**
 * The customer's optional low-balance alert (docs/statements.md, Balance alerts): customer.balance.low
 * is raised once when the available balance falls below it. With `save` (roles that may write) an
 * editor, through the same use case as PUT .../low-balance-threshold.
 */
export function LowBalanceAlert({
  svcCardId,
  currency,
  initial,
  save,
}: {
  svcCardId: string;
  currency: string;
  initial: number | null;
  save?: SetThreshold;
}) {
  const [threshold, setThreshold] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string>();

  function saved(result: CustomerThreshold) {
    setThreshold(result.threshold_minor);
    setEditing(false);
    setNotice(
      result.alert_fired
        ? "The balance is already below it: customer.balance.low was raised now."
        : undefined,
    );
  }

  return (
    <section className="flex flex-col gap-3 border-t border-border pt-4" aria-labelledby="low-balance-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col gap-0.5">
          <h3 id="low-balance-title" className="text-sm font-medium">
            Low-balance alert
          </h3>
          <p className="text-sm text-muted">
            {threshold === null
              ? "Off: no customer.balance.low for this customer."
              : `customer.balance.low when the available balance falls below ${formatMinor(threshold, currency)}.`}
          </p>
        </div>
        {save && !editing ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setNotice(undefined);
              setEditing(true);
            }}
          >
            {threshold === null ? "Set an alert" : "Change alert"}
          </Button>
        ) : null}
      </div>
      {notice ? <p className="text-sm text-warning">{notice}</p> : null}
      {save && editing ? (
        <ThresholdForm
          svcCardId={svcCardId}
          currency={currency}
          threshold={threshold}
          save={save}
          onSaved={saved}
          onCancel={() => setEditing(false)}
        />
      ) : null}
    </section>
  );
}

function ThresholdForm({
  svcCardId,
  currency,
  threshold,
  save,
  onSaved,
  onCancel,
}: {
  svcCardId: string;
  currency: string;
  threshold: number | null;
  save: SetThreshold;
  onSaved: (result: CustomerThreshold) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(threshold === null ? "" : minorToDecimal(threshold));
  const [fieldError, setFieldError] = useState<string>();
  const saving = useAction(save);

  async function store(minor: number | null) {
    const res = await saving.run({ svcCardId, threshold_minor: minor });
    if (res.ok) onSaved(res.data);
    else setFieldError(res.error.fields?.threshold_minor);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = value.trim();
    const minor = typed ? parseAmountToMinor(typed) : null;
    if (typed && minor === null) {
      setFieldError("Give a positive amount with at most 2 decimals, e.g. 50 or 12.50.");
      return;
    }
    setFieldError(undefined);
    void store(minor);
  }

  const error = saving.error && !saving.error.fields?.threshold_minor ? saving.error : undefined;
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:max-w-md" noValidate>
      <Field
        label={`Alert below (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="e.g. 50"
        error={fieldError}
        hint="Leave empty to turn the alert off."
      />
      <ActionErrorAlert error={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row-reverse sm:justify-end">
        <Button variant="secondary" disabled={saving.pending} onClick={onCancel}>
          Cancel
        </Button>
        {threshold !== null ? (
          <Button variant="ghost" disabled={saving.pending} onClick={() => void store(null)}>
            Turn off
          </Button>
        ) : null}
        <Button type="submit" disabled={saving.pending} aria-busy={saving.pending}>
          Save alert
        </Button>
      </div>
    </form>
  );
}
