"use client";

import { useId } from "react";
import { type Scope, SCOPE_MEANINGS, SCOPES } from "@/lib/scopes";

/** The four scopes (docs/api-scopes.md), each with what it grants. */
export function ScopeCheckboxes({
  value,
  onChange,
  error,
}: {
  value: readonly Scope[];
  onChange: (next: Scope[]) => void;
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  function toggle(scope: Scope, on: boolean) {
    // Kept in SCOPES order, so the stored list and the audit log read the same every time.
    onChange(SCOPES.filter((s) => (s === scope ? on : value.includes(s))));
  }
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium">Scopes</legend>
      {SCOPES.map((scope) => (
        <label
          key={scope}
          className={
            "flex cursor-pointer items-start gap-3 rounded-md border border-border " +
            "px-3 py-2 hover:bg-surface-muted has-checked:border-input " +
            "has-checked:bg-surface-muted"
          }
        >
          <input
            type="checkbox"
            name="permissions"
            value={scope}
            checked={value.includes(scope)}
            onChange={(e) => toggle(scope, e.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-ring"
          />
          <span className="flex min-w-0 flex-col">
            <span className="font-mono text-sm font-medium">{scope}</span>
            <span className="text-xs text-muted">{SCOPE_MEANINGS[scope]}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
