"use client";

import { useId } from "react";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contracts/webhooks";

/**
 * Event types from the catalog, each with its description and an example payload (the `data` of
 * the envelope). "All events" stores "*", which also covers types added later.
 */
export function EventPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const all = value.includes("*");
  const toggle = (type: string, on: boolean) =>
    onChange(on ? [...value.filter((v) => v !== type), type] : value.filter((v) => v !== type));
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium">Events</legend>
      <label className="flex items-start gap-2.5 rounded-md border border-border px-3 py-2">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-current"
          checked={all}
          onChange={(e) => onChange(e.target.checked ? ["*"] : [])}
        />
        <span className="flex flex-col">
          <span className="text-sm font-medium">All events</span>
          <span className="text-xs text-muted">
            Stored as <code className="font-mono">*</code>: every type, including types added later.
          </span>
        </span>
      </label>
      <ul
        className={
          "flex max-h-72 flex-col divide-y divide-border overflow-y-auto " + "rounded-md border border-border"
        }
        aria-label="Event types"
      >
        {WEBHOOK_EVENT_TYPES.map((t) => (
          <li key={t.type} className="flex flex-col gap-1 px-3 py-2">
            <label className="flex items-start gap-2.5">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-current"
                checked={all || value.includes(t.type)}
                disabled={all}
                onChange={(e) => toggle(t.type, e.target.checked)}
              />
              <span className="flex min-w-0 flex-col">
                <span className="font-mono text-sm break-all">{t.type}</span>
                <span className="text-xs text-muted">{t.description}</span>
              </span>
            </label>
            <details className="ml-6.5 text-xs">
              <summary className="w-fit cursor-pointer rounded text-accent">Example payload</summary>
              <pre
                tabIndex={0}
                aria-label={`Example payload of ${t.type}`}
                className="mt-1 max-h-48 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-xs"
              >
                {JSON.stringify(t.example, null, 2)}
              </pre>
            </details>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
