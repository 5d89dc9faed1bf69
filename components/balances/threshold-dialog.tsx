"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { ThresholdForm } from "@/components/ui/threshold-form";
import { useAction } from "@/components/ui/use-action";
import type { MasterWalletEntry } from "@/lib/contracts/money";
import { formatMinor } from "@/lib/money";
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
  // The lists refresh before the dialog closes, so the button stays busy until then.
  const setThreshold = useAction(async (input: Parameters<SetThresholdAction>[0]) => {
    const res = await action(input);
    if (res.ok) await queryClient.invalidateQueries({ queryKey: ["money"] });
    return res;
  });
  const busy = setThreshold.pending;

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>{wallet.currency} low-balance alert</DialogTitle>
        <DialogDescription>
          The console warns on Balances and Overview while the {wallet.currency} master wallet holds less than
          this. It holds {formatMinor(wallet.balance_minor, wallet.currency)} now.
        </DialogDescription>
        <ThresholdForm
          currency={wallet.currency}
          thresholdMinor={wallet.low_balance_threshold_minor}
          examples={["5000", "2500.50"]}
          hint="Leave empty for no alert."
          submitLabel="Save"
          removeLabel="Remove alert"
          layout="dialog"
          saving={setThreshold}
          input={(threshold) => ({ currency: wallet.currency, threshold })}
          errorField="threshold"
          onSaved={onClose}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
