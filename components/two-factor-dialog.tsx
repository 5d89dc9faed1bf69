"use client";

import Link from "next/link";
import { type FormEvent, useState } from "react";
import type { Action, ActionResult } from "@/lib/action-result";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { CodeField } from "./ui/code-field";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";
import { useAction } from "./ui/use-action";

export type StepUpAction = Action<{ code: string }, { validUntil: string }>;

interface TwoFactorDialogProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Checks the code. Usually server/actions/step-up.ts's stepUpAction (handed down by a server
   * component), which opens the session's 5-minute window. For actions that need a code every
   * time (API key management), pass the action itself:
   * `(code) => createKey({ ...form, twoFactorCode: code })`.
   */
  verify: (code: string) => Promise<ActionResult<T>>;
  /** Called with the result's data after a good code. */
  onVerified: (data: T) => void;
  title?: string;
  description?: string;
}

/**
 * Asks for an authenticator code before a guarded action (docs/dashboard.md: freeze/unfreeze,
 * fund-customer, payout, swap execute). Most callers use useStepUp() from step-up-provider.tsx,
 * which opens this dialog when an action answers TWO_FACTOR_REQUIRED and retries it.
 */
export function TwoFactorDialog<T>({
  open,
  onOpenChange,
  verify,
  onVerified,
  title = "Confirm with your authenticator",
  description = "Enter the 6-digit code from your authenticator app. It unlocks " +
    "protected actions for 5 minutes.",
}: TwoFactorDialogProps<T>) {
  const action = useAction<string, T>(verify);
  const [code, setCode] = useState("");
  const [localError, setLocalError] = useState<string>();

  function change(next: boolean) {
    if (!next) {
      setCode("");
      setLocalError(undefined);
      action.reset();
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed)) {
      setLocalError("Enter the 6-digit code from your authenticator app.");
      return;
    }
    setLocalError(undefined);
    const res = await action.run(typed);
    if (res.ok) {
      // Report before closing: closing alone means "cancelled" to useStepUp().
      onVerified(res.data);
      change(false);
    }
  }

  const bannerError = action.error && !action.error.fields ? action.error.message : undefined;
  const notEnabled = action.error?.code === "TWO_FACTOR_NOT_ENABLED";

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {bannerError ? (
            <Alert tone="error">
              {bannerError}
              {notEnabled ? (
                <>
                  {" "}
                  <Link
                    href="/settings/security"
                    className="font-medium underline"
                    onClick={() => change(false)}
                  >
                    Set it up
                  </Link>
                </>
              ) : null}
            </Alert>
          ) : null}
          <CodeField
            value={code}
            onChange={setCode}
            error={localError ?? action.error?.fields?.code}
            className="[&_input]:font-mono [&_input]:tracking-widest"
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={action.pending} aria-busy={action.pending}>
              Confirm
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
