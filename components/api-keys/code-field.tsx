"use client";

import type { Ref } from "react";
import { Field } from "@/components/ui/field";

/** The authenticator code as typed, without the space some apps show ("123 456"). */
export function normalizeCode(typed: string): string {
  return typed.replace(/\s+/g, "");
}

export function isCodeShaped(code: string): boolean {
  return /^\d{6}$/.test(code);
}

export const CODE_SHAPE_MESSAGE = "Enter the 6-digit code from your authenticator app.";

/** Key management asks for a fresh code on every change (decisions.md 3): no 5-minute window. */
export function CodeField({
  value,
  onChange,
  error,
  inputRef,
  autoFocus = true,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}) {
  return (
    <Field
      ref={inputRef}
      label="Authentication code"
      name="two_factor_token"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      autoFocus={autoFocus}
      error={error}
      hint="From your authenticator app. Every change to API keys needs a new code."
      className="[&_input]:font-mono [&_input]:tracking-widest"
    />
  );
}
