"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { ActionError } from "@/lib/action-result";
import type { MasterWalletEntry } from "@/lib/contracts/money";
import { formatMinor, minorToDecimal, parseAmountToMinor } from "@/lib/money";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import type { SetThresholdAction } from "./types";

/** The low-balance alert of one master wallet: an amount, or empty for no alert. */
export function ThresholdDialog({
  wallet,
  action,
  onClose,
}: {
  wallet: MasterWalletEntry;
  action: SetThresholdAction;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(
    wallet.low_balance_threshold_minor === null ? "" : minorToDecimal(wallet.low_balance_threshold_minor),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ActionError | string>();
  const [fieldError, setFieldError] = useState<string>();

  async function save(threshold: string | null) {
    setBusy(true);
    setError(undefined);
    try {
      const res = await action({ currency: wallet.currency, threshold });
      if (!res.ok) {
        setFieldError(res.error.fields?.threshold);
        if (!res.error.fields?.threshold) setError(res.error);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ["money"] });
      onClose();
    } catch {
      setError("The console could not reach the server. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = value.trim();
    if (typed && parseAmountToMinor(typed) === null) {
      setFieldError("Give a positive amount with at most 2 decimals, e.g. 5000 or 2500.50.");
      return;
    }
    setFieldError(undefined);
    void save(typed || null);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>{wallet.currency} low-balance alert</DialogTitle>
        <DialogDescription>
          The console warns on Balances and Overview while the {wallet.currency} master wallet holds less than
          this. It holds {formatMinor(wallet.balance_minor, wallet.currency)} now.
        </DialogDescription>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field
            label={`Alert below (${wallet.currency})`}
            inputMode="decimal"
            autoComplete="off"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder="e.g. 5000"
            error={fieldError}
            hint="Leave empty for no alert."
          />
          <ActionErrorAlert error={error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            {wallet.low_balance_threshold_minor !== null ? (
              <Button variant="ghost" disabled={busy} onClick={() => void save(null)}>
                Remove alert
              </Button>
            ) : null}
            <Button type="submit" disabled={busy} aria-busy={busy}>
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
