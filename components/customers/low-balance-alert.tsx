"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ThresholdForm } from "@/components/ui/threshold-form";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { CustomerThreshold } from "@/lib/contracts/balance-alerts";
import { formatMinor, parseAmountToMinor } from "@/lib/money";

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
        <AlertForm
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

function AlertForm({
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
  const saving = useAction(save);
  return (
    <ThresholdForm
      currency={currency}
      thresholdMinor={threshold}
      examples={["50", "12.50"]}
      hint="Leave empty to turn the alert off."
      submitLabel="Save alert"
      removeLabel="Turn off"
      layout="inline"
      saving={saving}
      input={(typed) => ({ svcCardId, threshold_minor: typed === null ? null : parseAmountToMinor(typed) })}
      errorField="threshold_minor"
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
