"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SPENDING_INTERVAL_VALUES, type SpendingInterval } from "@/lib/enums";
import { categoryLabel } from "@/lib/mcc";
import { CategoryPicker } from "./category-picker";
import { type AmountRow, type CountRow, errorAt, type WindowInterval } from "./controls-form";
import { INTERVAL_LABELS } from "./labels";

const WINDOWED = SPENDING_INTERVAL_VALUES.filter((v): v is WindowInterval => v !== "per_authorization");

function IntervalSelect<T extends SpendingInterval>({
  label,
  value,
  values,
  onChange,
  disabled,
}: {
  label: string;
  value: T;
  values: readonly T[];
  onChange: (v: T) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={selectClass}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {values.map((v) => (
          <option key={v} value={v}>
            {INTERVAL_LABELS[v]}
          </option>
        ))}
      </select>
    </div>
  );
}

// On a phone the Remove button takes its own line, so the window's name is not cut short.
const rowClass = "grid grid-cols-2 items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]";
const removeClass = "col-span-2 justify-self-start sm:col-span-1 sm:mt-6";

/** One limit's line: its number, its window and Remove; a `fixed` row keeps its window and stays. */
function LimitLine<T extends SpendingInterval>({
  className,
  label,
  inputMode,
  value,
  onValue,
  error,
  intervalLabel,
  interval,
  intervals,
  onInterval,
  fixed,
  onRemove,
}: {
  className: string;
  label: string;
  inputMode: "decimal" | "numeric";
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
  intervalLabel: string;
  interval: T;
  intervals: readonly T[];
  onInterval: (interval: T) => void;
  fixed: boolean;
  onRemove: () => void;
}) {
  return (
    <div className={className}>
      <Field
        label={label}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        error={error}
      />
      <IntervalSelect
        label={intervalLabel}
        value={interval}
        values={intervals}
        disabled={fixed}
        onChange={onInterval}
      />
      <Button type="button" variant="secondary" className={removeClass} disabled={fixed} onClick={onRemove}>
        Remove
      </Button>
    </div>
  );
}

/** A list of rows' edits: change one row, remove one row. */
function rowEdits<R>(rows: R[], onChange: (rows: R[]) => void) {
  return {
    update: (i: number, patch: Partial<R>) =>
      onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r))),
    remove: (i: number) => onChange(rows.filter((_, j) => j !== i)),
  };
}

/**
 * Amount limits: an amount (the account's currency), a window, and optionally the categories it
 * counts. `fixed` marks the rows a cardholder had before saving: they may lower them but not remove
 * or move them (server/controls/lower-only.ts), so only their amount stays editable.
 */
export function AmountRows({
  rows,
  onChange,
  errors,
  fixed = 0,
}: {
  rows: AmountRow[];
  onChange: (rows: AmountRow[]) => void;
  errors: Record<string, string>;
  fixed?: number;
}) {
  const { update, remove } = rowEdits(rows, onChange);
  return rows.map((row, i) => (
    <div key={i} className="flex flex-col gap-2 rounded-md border border-border p-3">
      <LimitLine
        className={rowClass}
        label="Amount"
        inputMode="decimal"
        value={row.amount}
        onValue={(amount) => update(i, { amount })}
        error={errorAt(errors, `spending_limits.${i}.amount`)}
        intervalLabel="Window"
        interval={row.interval}
        intervals={SPENDING_INTERVAL_VALUES}
        onInterval={(interval) => update(i, { interval })}
        fixed={i < fixed}
        onRemove={() => remove(i)}
      />
      {i < fixed ? (
        row.categories.length ? (
          <p className="text-xs text-muted">On {row.categories.map(categoryLabel).join(", ")}</p>
        ) : null
      ) : (
        <details className="text-sm" open={row.categories.length ? true : undefined}>
          <summary className="cursor-pointer text-accent">
            {row.categories.length
              ? `Counts only: ${row.categories.map(categoryLabel).join(", ")}`
              : "Every category counts (choose some to narrow it)"}
          </summary>
          <div className="mt-2">
            <CategoryPicker
              values={row.categories}
              onChange={(categories) => update(i, { categories })}
              error={errorAt(errors, `spending_limits.${i}.categories`)}
            />
          </div>
        </details>
      )}
    </div>
  ));
}

/** Count limits: at most so many purchases per window (never per purchase: that would be one). */
export function CountRows({
  rows,
  onChange,
  errors,
  fixed = 0,
}: {
  rows: CountRow[];
  onChange: (rows: CountRow[]) => void;
  errors: Record<string, string>;
  fixed?: number;
}) {
  const { update, remove } = rowEdits(rows, onChange);
  return rows.map((row, i) => (
    <LimitLine
      key={i}
      className={`${rowClass} rounded-md border border-border p-3`}
      label="Purchases"
      inputMode="numeric"
      value={row.count}
      onValue={(count) => update(i, { count })}
      error={errorAt(errors, `count_limits.${i}.count`)}
      intervalLabel="Period"
      interval={row.interval}
      intervals={WINDOWED}
      onInterval={(interval) => update(i, { interval })}
      fixed={i < fixed}
      onRemove={() => remove(i)}
    />
  ));
}
