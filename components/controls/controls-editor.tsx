"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { SpendingControlsView, SpendLimitsView } from "@/lib/contracts/spending-controls";
import type { ControlLevel } from "@/lib/enums";
import {
  badCounts,
  type Controls,
  type ControlsInput,
  errorAt,
  formErrors,
  formOf,
  type FormState,
  inputOf,
  previewOf,
} from "./controls-form";
import { AmountRows, CountRows } from "./limit-rows";
import { LimitsPreview } from "./limits-preview";
import { ListField } from "./list-field";

/** The paths the form shows beside a field; any other error goes in the alert under the form. */
const SHOWN =
  /^(spending_limits(\.\d+\.(amount|categories).*)?|count_limits\.\d+\.count|(allowed|blocked)_(categories|merchant_countries).*)$/;

/**
 * One editor of spending controls for a card, a card customer and the program (docs/spending-
 * controls.md, The model): amount and count limits, and the category and country lists, allowed or
 * blocked. Beside it, what is left now (`now`) and what would be left as the form stands (`preview`).
 * A cardholder (`cardholder`) may lower the limits they have and add new ones; the lists stay as the
 * program set them, and the server refuses a raise (server/controls/lower-only.ts).
 */
export function ControlsEditor<T extends object>({
  target,
  current,
  save,
  label,
  preview,
  now,
  cardholder = false,
}: {
  target: T;
  current: Controls;
  save: Action<T & { controls: ControlsInput }, SpendingControlsView>;
  /** The form's accessible name. */
  label: string;
  preview?: { view: SpendLimitsView; level: ControlLevel };
  now?: ReactNode;
  cardholder?: boolean;
}) {
  const router = useRouter();
  const saving = useAction(save);
  const [state, setState] = useState<FormState>(() => formOf(current));
  const [local, setLocal] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const errors = { ...formErrors(saving.error?.fields), ...local };
  const change = (patch: Partial<FormState>) => {
    setSaved(false);
    setState({ ...state, ...patch });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const bad = badCounts(state);
    setLocal(bad);
    if (Object.keys(bad).length) return;
    const res = await saving.run({ ...target, controls: inputOf(state) });
    if (res.ok) {
      setSaved(true);
      setState(formOf(res.data.spending_controls));
      router.refresh();
    }
  }

  const fixedAmounts = cardholder ? current.spending_limits.length : 0;
  const fixedCounts = cardholder ? current.count_limits.length : 0;
  const fields = Object.entries(formErrors(saving.error?.fields));
  const unshown = fields.filter(([k]) => !SHOWN.test(k));
  // A refusal the form already shows beside its field is not said twice.
  const general =
    saving.error && !fields.some(([k, v]) => SHOWN.test(k) && v === saving.error!.message)
      ? saving.error.message
      : null;
  const form = (
    <form onSubmit={submit} className="flex min-w-0 flex-col gap-4" noValidate aria-label={label}>
      {cardholder ? (
        <p className="text-sm text-muted">
          You can lower a limit or add a new one. Raising or removing a limit is up to your card program.
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Amount limits</h3>
        <AmountRows
          rows={state.amounts}
          onChange={(amounts) => change({ amounts })}
          errors={errors}
          fixed={fixedAmounts}
        />
        {errors.spending_limits ? <Alert tone="error">{errors.spending_limits}</Alert> : null}
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              change({ amounts: [...state.amounts, { amount: "", interval: "daily", categories: [] }] })
            }
          >
            Add a limit
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Purchase count limits</h3>
        <CountRows
          rows={state.counts}
          onChange={(counts) => change({ counts })}
          errors={errors}
          fixed={fixedCounts}
        />
        {errors.count_limits ? <Alert tone="error">{errors.count_limits}</Alert> : null}
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() => change({ counts: [...state.counts, { count: "", interval: "daily" }] })}
          >
            Add a purchase count
          </Button>
        </div>
      </div>
      <ListField
        kind="categories"
        state={state.categories}
        onChange={(categories) => change({ categories })}
        error={errorAt(errors, "allowed_categories") ?? errorAt(errors, "blocked_categories")}
        readOnly={cardholder}
      />
      <ListField
        kind="countries"
        state={state.countries}
        onChange={(countries) => change({ countries })}
        error={errorAt(errors, "allowed_merchant_countries") ?? errorAt(errors, "blocked_merchant_countries")}
        readOnly={cardholder}
      />
      <div>
        <Button type="submit" disabled={saving.pending} aria-busy={saving.pending}>
          Save limits
        </Button>
      </div>
      {general || unshown.length ? (
        <Alert tone="error">
          {general}
          {unshown.map(([k, v]) => (
            <span key={k} className="block">
              {v}
            </span>
          ))}
        </Alert>
      ) : null}
      {saved ? <Alert tone="success">Limits saved.</Alert> : null}
    </form>
  );
  if (!preview && !now) return form;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
      {form}
      <aside className="flex min-w-0 flex-col gap-5" aria-label="What is left">
        {now}
        {preview ? (
          <LimitsPreview
            rows={previewOf(state, preview.view, preview.level)}
            currency={preview.view.currency}
            timeZone={preview.view.time_zone}
          />
        ) : null}
      </aside>
    </div>
  );
}
