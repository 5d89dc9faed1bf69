"use client";

import { type FormEvent, useState } from "react";
import type { ActionError, ActionResult } from "@/lib/action-result";
import { minorToDecimal, parseAmountToMinor } from "@/lib/money";
import { Button } from "./button";
import { ActionErrorAlert } from "./dialog-error";
import { Field } from "./field";

const LAYOUTS = {
  /** In a page's section: primary button first, on the left. */
  inline: {
    form: "flex flex-col gap-3 sm:max-w-md",
    buttons: "flex flex-col-reverse gap-2 sm:flex-row-reverse sm:justify-end",
  },
  /** In a dialog: primary button last, on the right. */
  dialog: { form: "flex flex-col gap-4", buttons: "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end" },
} as const;

/**
 * A low-balance alert's amount (a customer's, a master wallet's): typed in major units, empty for no
 * alert, checked before it is sent; Save, Cancel, and a button that removes the alert while one is set.
 * `saving` is the caller's useAction, so the caller keeps its busy state (a dialog stays open while it
 * runs); `input` turns what was typed (null: no alert) into the action's input, and `errorField` names
 * the input field whose server message goes under the box.
 */
export function ThresholdForm<I, O>({
  currency,
  thresholdMinor,
  examples: [whole, withCents],
  hint,
  submitLabel,
  removeLabel,
  layout,
  saving,
  input,
  errorField,
  onSaved,
  onCancel,
}: {
  currency: string;
  /** The alert now, null when there is none. */
  thresholdMinor: number | null;
  /** Two amounts for the placeholder and the message of a bad amount: "50" and "12.50". */
  examples: readonly [string, string];
  hint: string;
  submitLabel: string;
  removeLabel: string;
  layout: keyof typeof LAYOUTS;
  saving: { run: (input: I) => Promise<ActionResult<O>>; pending: boolean; error?: ActionError };
  input: (typed: string | null) => I;
  errorField: string;
  onSaved: (result: O) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(thresholdMinor === null ? "" : minorToDecimal(thresholdMinor));
  const [fieldError, setFieldError] = useState<string>();
  const busy = saving.pending;
  const error = saving.error?.fields?.[errorField] ? undefined : saving.error;

  async function save(typed: string | null) {
    const res = await saving.run(input(typed));
    if (res.ok) onSaved(res.data);
    else setFieldError(res.error.fields?.[errorField]);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = value.trim();
    if (typed && parseAmountToMinor(typed) === null) {
      setFieldError(`Give a positive amount with at most 2 decimals, e.g. ${whole} or ${withCents}.`);
      return;
    }
    setFieldError(undefined);
    void save(typed || null);
  }

  return (
    <form onSubmit={submit} className={LAYOUTS[layout].form} noValidate>
      <Field
        label={`Alert below (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={`e.g. ${whole}`}
        error={fieldError}
        hint={hint}
      />
      <ActionErrorAlert error={error} />
      <div className={LAYOUTS[layout].buttons}>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        {thresholdMinor !== null ? (
          <Button variant="ghost" disabled={busy} onClick={() => void save(null)}>
            {removeLabel}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
