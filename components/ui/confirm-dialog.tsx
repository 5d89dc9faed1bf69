"use client";

import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog";
import { Input } from "./input";
import { Label } from "./label";

/**
 * A change that cannot be undone asks the person to type a word first ("VOID", a card's last
 * four): the confirm button stays disabled until the field holds it (case and spaces aside).
 */
export interface TypedConfirmation {
  /** What must be typed. */
  expected: string;
  /** The field's label, e.g. "Type VOID to confirm". */
  label: string;
}

const typedMatches = (typed: string, expected: string) =>
  typed.trim().toLowerCase() === expected.trim().toLowerCase();

/**
 * A dialog that confirms one change: its title and what it does, then a form with the error
 * banner, the fields it asks for (a name to type, a code) and Cancel beside the confirm button;
 * Enter submits. Once the change is made, `done` (a secret shown once) can take the form's place:
 * the dialog then no longer closes on a click outside, so the secret is not lost by accident.
 * `typed` adds the typed confirmation of an irreversible change (TypedConfirmation).
 */
export function ConfirmDialog({
  title,
  description,
  error,
  children,
  confirmLabel,
  tone = "primary",
  pending,
  onConfirm,
  onClose,
  returnFocus,
  done,
  typed,
}: {
  title: ReactNode;
  description: ReactNode;
  /** The banner above the fields (the caller's error component, or nothing). */
  error?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  tone?: "primary" | "danger";
  pending: boolean;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
  /** Where the focus goes when the dialog closes (the button that opened it). */
  returnFocus?: (event: Event) => void;
  done?: ReactNode;
  typed?: TypedConfirmation;
}) {
  const typedId = useId();
  const [typedText, setTypedText] = useState("");
  const typedOk = !typed || typedMatches(typedText, typed.expected);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!typedOk || pending) return;
    void onConfirm();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={returnFocus} onInteractOutside={(e) => done && e.preventDefault()}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {done ?? (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            {error}
            {children}
            {typed ? (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={typedId}>{typed.label}</Label>
                <Input
                  id={typedId}
                  value={typedText}
                  onChange={(e) => setTypedText(e.target.value)}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  // The field is the first thing to do: it takes the focus, not Cancel.
                  autoFocus
                  data-testid="typed-confirmation"
                />
              </div>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" variant={tone} disabled={pending || !typedOk} aria-busy={pending}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
