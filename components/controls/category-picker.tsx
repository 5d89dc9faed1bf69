"use client";

import { useId, useState } from "react";
import { FieldMessages } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { categoryLabel, MCC_GROUP_VALUES, MCC_GROUPS, MCC_LABELS } from "@/lib/mcc";

const KNOWN_CODES = Object.keys(MCC_LABELS);

function Check({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 shrink-0 accent-ring"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <Label htmlFor={id} className="font-normal">
        {children}
      </Label>
    </div>
  );
}

/**
 * Merchant categories by name (docs/spending-controls.md, Categories): the named MCC groups of
 * lib/mcc.ts, the single codes the console knows by name, and any other 4-digit MCC typed in.
 */
export function CategoryPicker({
  values,
  onChange,
  error,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [other, setOther] = useState("");
  const [otherError, setOtherError] = useState<string>();
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...values, value] : values.filter((v) => v !== value));
  const addOther = () => {
    const codes = other.split(/[\s,]+/).filter(Boolean);
    const bad = codes.filter((c) => !/^\d{4}$/.test(c));
    setOtherError(bad.length ? `Not an MCC of 4 digits: ${bad.join(", ")}.` : undefined);
    const good = codes.filter((c) => /^\d{4}$/.test(c) && !values.includes(c));
    if (good.length) onChange([...values, ...good]);
    if (!bad.length) setOther("");
  };
  const extra = values.filter((v) => !MCC_GROUP_VALUES.includes(v as never) && !KNOWN_CODES.includes(v));
  const singles = values.filter((v) => !MCC_GROUP_VALUES.includes(v as never)).length;
  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-1.5 sm:grid-cols-2">
        {MCC_GROUP_VALUES.map((g) => (
          <Check key={g} id={`${id}-${g}`} checked={values.includes(g)} onChange={(on) => toggle(g, on)}>
            {MCC_GROUPS[g].label}
          </Check>
        ))}
      </div>
      <details className="text-sm" open={singles > 0 ? true : undefined}>
        <summary className="cursor-pointer text-accent">Single categories ({singles} chosen)</summary>
        <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
          {[...KNOWN_CODES, ...extra].map((code) => (
            <Check
              key={code}
              id={`${id}-${code}`}
              checked={values.includes(code)}
              onChange={(on) => toggle(code, on)}
            >
              {categoryLabel(code)} <span className="text-muted">{code}</span>
            </Check>
          ))}
        </div>
        <div className="mt-2 flex flex-col gap-1.5">
          <Label htmlFor={`${id}-other`}>Other MCCs</Label>
          <Input
            id={`${id}-other`}
            value={other}
            placeholder="e.g. 5995, 7299"
            aria-invalid={otherError ? true : undefined}
            aria-describedby={otherError ? `${id}-other-error` : undefined}
            onChange={(e) => setOther(e.target.value)}
            onBlur={addOther}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                addOther();
              }
            }}
          />
          <FieldMessages error={otherError} errorId={`${id}-other-error`} />
        </div>
      </details>
      <FieldMessages error={error} errorId={`${id}-error`} />
    </div>
  );
}
