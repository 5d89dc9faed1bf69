"use client";

import { Field } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { BeneficiaryForm } from "@/lib/contracts/fiat";

/** Checks the browser can make before sending: required and max_length (the server checks the rest). */
export function localErrors(form: BeneficiaryForm, values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of form.fields) {
    const v = (values[f.key] ?? "").trim();
    if (f.required && !v) out[f.key] = `${f.label} is required.`;
    else if (f.max_length && v.length > f.max_length) out[f.key] = `At most ${f.max_length} characters.`;
  }
  return out;
}

/** The beneficiary form rendered from its definition (GET /beneficiary/form/show/{id}). */
export function BeneficiaryFields({
  form,
  values,
  errors,
  onChange,
}: {
  form: BeneficiaryForm;
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {form.fields.map((f) =>
        f.type === "select" ? (
          <div key={f.key} className="flex flex-col gap-1.5">
            <Label htmlFor={`bf-${f.key}`}>
              {f.label}
              {f.required ? "" : " (optional)"}
            </Label>
            <select
              id={`bf-${f.key}`}
              name={f.key}
              className={selectClass}
              value={values[f.key] ?? ""}
              aria-invalid={errors[f.key] ? true : undefined}
              onChange={(e) => onChange(f.key, e.target.value)}
            >
              <option value="">Choose…</option>
              {f.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errors[f.key] ? <p className="text-xs text-danger">{errors[f.key]}</p> : null}
          </div>
        ) : (
          <Field
            key={f.key}
            name={f.key}
            label={`${f.label}${f.required ? "" : " (optional)"}`}
            value={values[f.key] ?? ""}
            maxLength={f.max_length}
            error={errors[f.key]}
            onChange={(e) => onChange(f.key, e.target.value)}
          />
        ),
      )}
    </div>
  );
}
