"use client";

import { X } from "lucide-react";
import { useId } from "react";
import { FieldMessages } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { categoryLabel } from "@/lib/mcc";
import { CategoryPicker } from "./category-picker";
import type { ListMode, ListState } from "./controls-form";
import { COUNTRIES, countryLabel } from "./countries";

/** Countries chosen from a list of names; each shown with its ISO code and a button to take it off. */
function CountryPicker({ values, onChange }: { values: string[]; onChange: (values: string[]) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      {values.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen countries">
          {values.map((code) => (
            <li
              key={code}
              className="flex items-center gap-1 rounded-full border border-border py-0.5 pr-1 pl-2.5 text-sm"
            >
              {countryLabel(code)}
              <button
                type="button"
                className="rounded-full p-0.5 text-muted hover:bg-surface-muted hover:text-foreground"
                aria-label={`Take ${countryLabel(code)} off the list`}
                onClick={() => onChange(values.filter((v) => v !== code))}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-add`}>Add a country</Label>
        <select
          id={`${id}-add`}
          className={selectClass}
          value=""
          onChange={(e) => e.target.value && onChange([...values, e.target.value])}
        >
          <option value="">Choose a country…</option>
          {COUNTRIES.filter((c) => !values.includes(c.code)).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.code})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

const WORDS = {
  categories: { legend: "Merchant categories", any: "Any category", label: categoryLabel },
  countries: { legend: "Merchant countries", any: "Any country", label: countryLabel },
} as const;

/**
 * One kind of merchant list: allowed or blocked, never both (the server refuses both with a 400,
 * lib/contracts/spending-controls.ts), so the form offers one choice of the two. Read-only where the
 * caller may not change it (a cardholder: the program sets the lists, server/controls/lower-only.ts).
 */
export function ListField({
  kind,
  state,
  onChange,
  error,
  readOnly,
}: {
  kind: "categories" | "countries";
  state: ListState;
  onChange: (state: ListState) => void;
  error?: string;
  readOnly?: boolean;
}) {
  const id = useId();
  const words = WORDS[kind];
  if (readOnly)
    return (
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{words.legend}</span>
        <span className="text-muted">
          {state.mode === "none" || !state.values.length
            ? words.any
            : `${state.mode === "allowed" ? "Only" : "Never"}: ${state.values.map(words.label).join(", ")}`}
        </span>
      </div>
    );
  const modes: [ListMode, string][] = [
    ["none", words.any],
    ["allowed", `Only these ${kind}`],
    ["blocked", `Never these ${kind}`],
  ];
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{words.legend}</legend>
      <p className="text-xs text-muted">A list either allows or blocks {kind}, not both.</p>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5" role="radiogroup" aria-label={words.legend}>
        {modes.map(([mode, label]) => (
          <div key={mode} className="flex items-center gap-2">
            <input
              id={`${id}-${mode}`}
              type="radio"
              name={`${id}-mode`}
              className="size-4 accent-ring"
              checked={state.mode === mode}
              onChange={() => onChange({ mode, values: mode === "none" ? [] : state.values })}
            />
            <Label htmlFor={`${id}-${mode}`} className="font-normal">
              {label}
            </Label>
          </div>
        ))}
      </div>
      {state.mode === "none" ? null : kind === "categories" ? (
        <CategoryPicker values={state.values} onChange={(values) => onChange({ ...state, values })} />
      ) : (
        <CountryPicker values={state.values} onChange={(values) => onChange({ ...state, values })} />
      )}
      {state.mode !== "none" && !state.values.length ? (
        <p className="text-xs text-muted">Choose at least one, or the list is left off.</p>
      ) : null}
      <FieldMessages error={error} errorId={`${id}-error`} />
    </fieldset>
  );
}
