"use client";

import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** #rgb, #rgba and #rrggbbaa as the #rrggbb a color picker understands (alpha dropped). */
export function pickerHex(value: string, fallback: string): string {
  const m = /^#([0-9a-fA-F]{3,8})$/.exec(value.trim());
  if (!m || ![3, 4, 6, 8].includes(m[1]!.length)) return fallback;
  const d = m[1]!;
  return (
    d.length <= 4 ? `#${[...d.slice(0, 3)].map((c) => c + c).join("")}` : `#${d.slice(0, 6)}`
  ).toLowerCase();
}

interface ColorFieldProps {
  label: string;
  value: string;
  defaultValue: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint: string;
  error?: string;
  disabled?: boolean;
}

/** A theme color: the browser's picker and the hex text side by side; empty means the page's default. */
export function ColorField({
  label,
  value,
  defaultValue,
  onChange,
  onBlur,
  hint,
  error,
  disabled,
}: ColorFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label}: pick a color`}
          value={pickerHex(value, defaultValue)}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          className={
            "h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input " +
            "bg-surface p-1 disabled:cursor-not-allowed disabled:opacity-50"
          }
        />
        <Input
          id={id}
          value={value}
          placeholder={defaultValue}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          spellCheck={false}
          autoComplete="off"
          maxLength={9}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
          className="font-mono"
        />
      </div>
      <p id={hintId} className="text-xs text-muted">
        {hint}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
