"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { MasterWalletEntry } from "@/lib/contracts/money";
import { formatMinor, minorToDecimal, parseAmountToMinor } from "@/lib/money";
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
  const [fieldError, setFieldError] = useState<string>();
  // The lists refresh before the dialog closes, so the button stays busy until then.
  const setThreshold = useAction(async (input: Parameters<SetThresholdAction>[0]) => {
    const res = await action(input);
    if (res.ok) await queryClient.invalidateQueries({ queryKey: ["money"] });
    return res;
  });
  const busy = setThreshold.pending;
  const error = setThreshold.error?.fields?.threshold ? undefined : setThreshold.error;

  async function save(threshold: string | null) {
    const res = await setThreshold.run({ currency: wallet.currency, threshold });
    if (res.ok) return onClose();
    setFieldError(res.error.fields?.threshold);
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
