"use client";

import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "./cn";
import { Input } from "./input";
import { Label } from "./label";

interface FieldProps extends Omit<ComponentProps<"input">, "id"> {
  label: string;
  /** Shown under the input and tied to it (aria-describedby), with aria-invalid set. */
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its hint and error message wired for assistive technology. */
export function Field({ label, error, hint, className, ...props }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        {...props}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A field's hint and error under its control, with the ids its aria-describedby names. */
export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}
