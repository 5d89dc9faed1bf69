"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ReceiptText } from "lucide-react";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { LiveStatus } from "@/components/transactions/live-status";
import { TransactionStatusBadge } from "@/components/transactions/status-badge";
import type {
  ListTransactionsAction,
  TransactionPage,
  TransactionRow,
} from "@/components/transactions/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { Field } from "@/components/ui/field";
import { Timestamp } from "@/components/ui/timestamp";
import { useAction } from "@/components/ui/use-action";
import { useLiveAction } from "@/components/ui/use-live-action";
import type { ActionError, ActionResult } from "@/lib/action-result";
import { formatMinor, parseAmountToMinor } from "@/lib/money";
import {
  type CardNetworkActions,
  MOVE_COPY,
  movesOf,
  RECENT_LIMIT,
  type TransactionMove,
} from "./card-network-types";

function MoveDialog({
  t,
  move,
  actions,
  onClose,
  onDone,
}: {
  t: TransactionRow;
  move: TransactionMove;
  actions: CardNetworkActions;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const queryClient = useQueryClient();
  const copy = MOVE_COPY[move];
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<ActionError | string>();
  const [fieldError, setFieldError] = useState<string>();
  const full = formatMinor(t.amount_minor, t.currency);

  function call(typed: string | undefined): Promise<ActionResult<unknown>> {
    const target = { transactionId: t.transaction_id };
    switch (move) {
      case "settle":
        return actions.settle({ ...target, amount: typed });
      case "reverse":
        return actions.reverse({ ...target, amount: typed });
      case "refund":
        return actions.refund({ ...target, amount: typed });
      case "expire":
        return actions.expire(target);
      case "fail":
        return actions.fail(target);
    }
  }

  // The lists refresh before the dialog is done.
  const moving = useAction(async (typed: string | undefined) => {
    const res = await call(typed);
    if (res.ok) await queryClient.invalidateQueries({ queryKey: ["money"] });
    return res;
  });
  const busy = moving.pending;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = amount.trim() || undefined;
    if (typed && parseAmountToMinor(typed) === null)
      return setFieldError(
        "Give a positive amount with at most 2 decimals, or leave it empty for all of it.",
      );
    setFieldError(undefined);
    setError(undefined);
    const res = await moving.run(typed);
    if (!res.ok) {
      setFieldError(res.error.fields?.amount);
      if (!res.error.fields?.amount) setError(res.error);
      return;
    }
    onDone(
      `${copy.done}: ${t.merchant ?? "transaction"} ` +
        `${typed ? `(${typed} ${t.currency} of ${full})` : full} · ${t.transaction_id}`,
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>
          {copy.label} {full}
          {t.merchant ? ` at ${t.merchant}` : ""}
        </DialogTitle>
        <DialogDescription>{copy.effect}</DialogDescription>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {copy.partial ? (
            <Field
              label={`Amount (${t.currency})`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder={`All: ${full}`}
              error={fieldError}
              hint="Leave empty for the whole amount; a smaller one for a partial move."
            />
          ) : null}
          <ActionErrorAlert error={error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {copy.label}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The program's latest card transactions, live, each with what the network may do to it next:
 * settle, reverse (in full or in part), expire or fail an open authorization; refund a settled
 * purchase. Every move shows up in Transactions, Balances and the webhooks at once.
 */
export function CardNetworkTransactions({
  initial,
  list,
  actions,
}: {
  initial: TransactionPage;
  list: ListTransactionsAction;
  actions: CardNetworkActions;
}) {
  const { data, error, refreshing } = useLiveAction({
    queryKey: ["money", "transactions", "sandbox"],
    action: list,
    input: { page: 1, limit: RECENT_LIMIT },
    initial,
  });
  const [dialog, setDialog] = useState<{ t: TransactionRow; move: TransactionMove }>();
  const [notice, setNotice] = useState<string>();

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="recent-transactions-title" className="text-sm font-medium">
          Recent transactions
        </h3>
        <LiveStatus error={error} refreshing={refreshing} />
      </div>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {data.transactions.length === 0 ? (
        <div
          className={
            "flex flex-col items-center gap-2 rounded-md border border-dashed " +
            "border-input px-4 py-6 text-center"
          }
        >
          <ReceiptText className="size-5 text-muted" aria-hidden />
          <p className="text-sm text-muted">No card transactions yet: simulate a purchase above.</p>
        </div>
      ) : (
        <ul
          className="divide-y divide-border rounded-md border border-border"
          aria-labelledby="recent-transactions-title"
        >
          {data.transactions.map((t) => {
            const moves = movesOf(t);
            return (
              <li
                key={t.transaction_id}
                data-transaction-id={t.transaction_id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <span className="font-medium">{t.merchant ?? "Unknown merchant"}</span>
                    <span className="tabular-nums">
                      {t.type === "refund" ? "+" : ""}
                      {formatMinor(t.amount_minor, t.currency)}
                    </span>
                    <TransactionStatusBadge status={t.status} />
                  </span>
                  <span className="flex flex-wrap gap-x-2 text-xs text-muted">
                    <code className="font-mono">{t.transaction_id}</code>
                    <Timestamp iso={t.created_at} />
                    {t.type !== "purchase" ? <span>{t.type}</span> : null}
                  </span>
                </div>
                {moves.length ? (
                  <span className="flex flex-wrap gap-1.5">
                    {moves.map((m) => (
                      <Button key={m} variant="secondary" size="sm" onClick={() => setDialog({ t, move: m })}>
                        {MOVE_COPY[m].label}
                      </Button>
                    ))}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Link href="/transactions" className="w-fit text-sm font-medium text-accent hover:underline">
        All transactions
      </Link>
      {dialog ? (
        <MoveDialog
          t={dialog.t}
          move={dialog.move}
          actions={actions}
          onClose={() => setDialog(undefined)}
          onDone={(text) => {
            setDialog(undefined);
            setNotice(text);
          }}
        />
      ) : null}
    </div>
  );
}
