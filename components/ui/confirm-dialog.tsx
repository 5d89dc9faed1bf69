"use client";

import type { FormEvent, ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./dialog";

/**
 * A dialog that confirms one change: its title and what it does, then a form with the error
 * banner, the fields it asks for (a name to type, a code) and Cancel beside the confirm button;
 * Enter submits. Once the change is made, `done` (a secret shown once) can take the form's place:
 * the dialog then no longer closes on a click outside, so the secret is not lost by accident.
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
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" variant={tone} disabled={pending} aria-busy={pending}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
