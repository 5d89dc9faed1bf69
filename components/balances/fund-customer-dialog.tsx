"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import Link from "next/link";
import { type FormEvent, useId, useState } from "react";
import { CustomerPicker, keepOpenOnListEscape } from "@/components/customers/customer-picker";
import { useStepUp } from "@/components/step-up-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { Field } from "@/components/ui/field";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { FundCustomerResult, MasterWalletEntry, MoneyCurrency } from "@/lib/contracts/money";
import { CURRENCY_VALUES } from "@/lib/enums";
import { formatMinor, parseAmountToMinor } from "@/lib/money";
import type { FundCustomerAction } from "./types";

export interface FundPreset {
  /**
   * svc_card_id (or record id, or external id) to fund; fixed when the dialog opens from a customer's page.
   */
  customerId?: string;
  currency?: MoneyCurrency;
}

/**
 * Moves money from the master wallet to a customer's account wallet (POST
 * /v1/card-issuer/fund-customer). Behind the 2FA step-up: without a code in the last 5 minutes the
 * dashboard's code dialog opens over this one and the funding is sent once the code is good. Nothing is
 * sent twice: the button stays busy until the answer.
 */
export function FundCustomerDialog({
  action,
  wallets,
  preset,
  twoFactorEnabled,
  onClose,
  onFunded,
}: {
  action: FundCustomerAction;
  wallets: MasterWalletEntry[];
  preset?: FundPreset;
  twoFactorEnabled: boolean;
  onClose: () => void;
  onFunded?: (result: FundCustomerResult) => void;
}) {
  const guarded = useStepUp();
  const queryClient = useQueryClient();
  const fixedCustomer = preset?.customerId;
  const [customerId, setCustomerId] = useState(fixedCustomer ?? "");
  const [picked, setPicked] = useState(false);
  const [amount, setAmount] = useState("");
  const [currency, setCurrency] = useState<MoneyCurrency>(preset?.currency ?? "USD");
  // The lists refresh before the button is free again.
  const fund = useAction(async (input: Parameters<FundCustomerAction>[0]) => {
    const res = await guarded(() => action(input));
    if (res.ok) await queryClient.invalidateQueries({ queryKey: ["money"] });
    return res;
  });
  const busy = fund.pending;
  const error =
    fund.error?.code === "TWO_FACTOR_REQUIRED"
      ? "Nothing was sent: a funding goes out only after you confirm with your authenticator code."
      : fund.error?.fields
        ? undefined
        : fund.error;
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState<FundCustomerResult>();
  const wallet = wallets.find((w) => w.currency === currency);
  const currencyId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!customerId.trim())
      local.customer_id = "Pick the customer: type part of the email, a last four or an id.";
    else if (!picked && !fixedCustomer && /[@\s]/.test(customerId))
      local.customer_id = "Pick the customer from the list under the box.";
    const minor = parseAmountToMinor(amount);
    if (minor === null) local.amount = "Give a positive amount with at most 2 decimals, e.g. 25.50.";
    else if (wallet && minor > wallet.balance_minor)
      local.amount = `The ${currency} master wallet holds ${formatMinor(wallet.balance_minor, currency)}.`;
    setFields(local);
    if (Object.keys(local).length) return;
    const res = await fund.run({ customer_id: customerId.trim(), amount: amount.trim(), currency });
    if (res.ok) {
      setDone(res.data);
      onFunded?.(res.data);
      return;
    }
    if (res.error.code !== "TWO_FACTOR_REQUIRED") setFields(res.error.fields ?? {});
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent onEscapeKeyDown={keepOpenOnListEscape}>
        <DialogTitle>Fund a customer</DialogTitle>
        <DialogDescription>
          Moves money from your master wallet to the customer&apos;s account wallet, in the customer&apos;s
          card currency. It is spendable at once.
        </DialogDescription>
        {done ? (
          <>
            <Alert tone="success" data-testid="fund-result">
              Sent {formatMinor(done.amount_minor, done.currency)} to{" "}
              <code className="font-mono text-xs">{done.svc_card_id}</code>. The {done.currency} master wallet
              now holds {formatMinor(done.remaining_balance_minor, done.currency)}.
              <span className="mt-1 block font-mono text-xs break-all">{done.transfer_id}</span>
            </Alert>
            <div className="flex justify-end">
              <Button onClick={onClose} autoFocus>
                Done
              </Button>
            </div>
          </>
        ) : !twoFactorEnabled ? (
          <Alert>
            Funding customers needs two-factor authentication.{" "}
            <Link href="/settings/security" className="font-medium underline">
              Turn it on in Settings → Security
            </Link>
            .
          </Alert>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <CustomerPicker
              name="customer_id"
              label="Customer"
              defaultValue={fixedCustomer}
              onValueChange={setCustomerId}
              onSelect={(customer) => setPicked(customer !== null)}
              readOnly={Boolean(fixedCustomer)}
              error={fields.customer_id}
              hint={
                fixedCustomer
                  ? undefined
                  : "Type part of the email, a card's last four or any id, and pick the customer."
              }
            />
            <div className="grid grid-cols-[1fr_7rem] gap-3">
              <Field
                label="Amount"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                placeholder="25.00"
                error={fields.amount}
                hint={wallet ? `Master wallet: ${formatMinor(wallet.balance_minor, currency)}` : undefined}
              />
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={currencyId}>Currency</Label>
                <select
                  id={currencyId}
                  value={currency}
                  onChange={(e) => setCurrency(e.target.value as MoneyCurrency)}
                  className={selectClass}
                  aria-invalid={fields.currency ? true : undefined}
                >
                  {CURRENCY_VALUES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
                {fields.currency ? <p className="text-sm text-danger">{fields.currency}</p> : null}
              </div>
            </div>
            <p className="flex gap-2 text-xs text-muted">
              <ShieldCheck className="size-4 shrink-0" aria-hidden />
              <span>
                You confirm with a code from your authenticator app, unless you did in the last 5 minutes.
              </span>
            </p>
            <ActionErrorAlert error={error} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary" disabled={busy}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={busy} aria-busy={busy}>
                Send funds
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
