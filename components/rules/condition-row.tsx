"use client";

import { type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { FieldMessages } from "@/components/ui/field";
import { Input, selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RULE_OP_WORDS } from "@/lib/controls/rule-words";
import { CURRENCY_VALUES } from "@/lib/enums";
import { MCC_GROUP_VALUES } from "@/lib/mcc";
import {
  CONDITION_FIELDS,
  type ConditionDraft,
  emptyDraft,
  FIELD_LABELS,
  FIELD_OPS,
} from "./condition-draft";

const CATEGORY_HINT = `MCCs (e.g. 5814) or groups: ${MCC_GROUP_VALUES.join(", ")}; separated by commas.`;
const COUNTRY_HINT = "Two-letter ISO codes, e.g. DE, FR.";

/** One labelled control with its hint and the server's error for it. */
function Control({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true } : {}) })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

function Checks({
  legend,
  options,
  checked,
  error,
  onChange,
}: {
  legend: string;
  options: readonly string[];
  checked: string[];
  error?: string;
  onChange: (values: string[]) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((o) => (
          <label key={o} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={checked.includes(o)}
              onChange={(e) => onChange(e.target.checked ? [...checked, o] : checked.filter((v) => v !== o))}
            />
            {o}
          </label>
        ))}
      </div>
      <FieldMessages error={error} />
    </fieldset>
  );
}

/**
 * One condition of the builder: what it checks, the comparison, and the inputs that kind takes
 * (a velocity condition: what it counts, whose, the trailing window and optional filters).
 */
export function ConditionRow({
  index,
  draft,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  draft: ConditionDraft;
  /** The server's field errors of this condition, keyed by the contract's field name. */
  errors: Record<string, string | undefined>;
  onChange: (draft: ConditionDraft) => void;
  onRemove?: () => void;
}) {
  const set = (patch: Partial<ConditionDraft>) => onChange({ ...draft, ...patch });
  const text = (
    key: "value" | "list" | "windowMinutes" | "mcc" | "countries",
    label: string,
    hint?: string,
    error?: string,
  ) => (
    <Control label={label} hint={hint} error={error}>
      {(p) => (
        <Input
          {...p}
          inputMode={key === "value" && draft.field !== "merchant_name" ? "decimal" : undefined}
          value={draft[key]}
          onChange={(e) => set({ [key]: e.target.value })}
        />
      )}
    </Control>
  );
  const select = <V extends string>(
    label: string,
    value: V,
    options: readonly (readonly [V, string])[],
    on: (v: V) => void,
  ) => (
    <Control label={label}>
      {(p) => (
        <select {...p} className={selectClass} value={value} onChange={(e) => on(e.target.value as V)}>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      )}
    </Control>
  );
  const listError = errors.values;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">Condition {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {select(
          "Checks",
          draft.field,
          CONDITION_FIELDS.map((f) => [f, FIELD_LABELS[f]] as const),
          (field) => onChange(emptyDraft(field)),
        )}
        {select(
          "Comparison",
          draft.op,
          FIELD_OPS[draft.field].map((o) => [o, RULE_OP_WORDS[o]!] as const),
          (op) => set({ op }),
        )}
        {draft.field === "amount"
          ? text("value", "Amount", "In the card account's billing currency, major units.", errors.value)
          : null}
        {draft.field === "merchant_name"
          ? text("value", "Merchant name", "Compared without regard to case.", errors.value)
          : null}
        {draft.field === "mcc" ? text("list", "Categories", CATEGORY_HINT, listError) : null}
        {draft.field === "merchant_country" ? text("list", "Countries", COUNTRY_HINT, listError) : null}
        {draft.field === "customer"
          ? text("list", "Customer IDs", "Customer IDs, separated by commas.", listError)
          : null}
        {draft.field === "currency" ? (
          <Checks
            legend="Currencies"
            options={CURRENCY_VALUES}
            checked={draft.values}
            error={listError}
            onChange={(values) => set({ values })}
          />
        ) : null}
        {draft.field === "card_type" ? (
          <Checks
            legend="Card types"
            options={["virtual", "physical"]}
            checked={draft.values}
            error={listError}
            onChange={(values) => set({ values })}
          />
        ) : null}
        {draft.field === "velocity" ? (
          <>
            {select(
              "Counts",
              draft.measure,
              [
                ["count", "Purchases"],
                ["amount", "Amount spent"],
              ],
              (measure) => set({ measure }),
            )}
            {select(
              "Of",
              draft.scope,
              [
                ["card", "The card"],
                ["customer", "The customer (all cards)"],
              ],
              (scope) => set({ scope }),
            )}
            {text(
              "windowMinutes",
              "Window (minutes)",
              "The trailing window: 1 to 10080 (7 days).",
              errors.window_minutes,
            )}
            {text(
              "value",
              "Limit",
              "A number of purchases or an amount (major units); this authorization included.",
              errors.value,
            )}
            {text("mcc", "Only categories (optional)", CATEGORY_HINT, errors.mcc)}
            {text("countries", "Only countries (optional)", COUNTRY_HINT, errors.merchant_countries)}
          </>
        ) : null}
      </div>
      {errors._ ? <FieldMessages error={errors._} /> : null}
      {onRemove ? (
        <div>
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Remove condition {index + 1}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
