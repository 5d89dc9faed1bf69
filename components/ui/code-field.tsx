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

/** The one input for a 6-digit TOTP code: sign-in, enrollment, step-up and key management. */
export function CodeField({
  value,
  onChange,
  label = "Authentication code",
  name = "code",
  hint,
  error,
  inputRef,
  autoFocus = true,
  className,
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
  name?: string;
  hint?: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  className?: string;
}) {
  return (
    <Field
      ref={inputRef}
      label={label}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      autoFocus={autoFocus}
      required
      error={error}
      hint={hint}
      className={className ?? "[&_input]:max-w-56 [&_input]:font-mono [&_input]:tracking-widest"}
    />
  );
}
