"use client";

import { CreditCard, Snowflake } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useAction } from "@/components/ui/use-action";
import type { CardView } from "@/lib/contracts/cards";
import { errorText } from "./error-text";
import { PinSetup, useWaitForPin } from "./pin-setup";
import { SecureFrame } from "./secure-frame";
import type { CardDetailsAction, FreezeAction, MyAccountAction, PinFormAction } from "./types";

export interface CardPanelActions {
  freeze: FreezeAction;
  unfreeze: FreezeAction;
  pinForm: PinFormAction;
  details: CardDetailsAction;
  myAccount: MyAccountAction;
}

const STATUS_TEXT: Record<CardView["status"], string> = {
  active: "Active",
  frozen: "Frozen",
  blocked: "Blocked",
  lost: "Reported lost",
  voided: "Cancelled",
};

const STATUS_NOTE: Partial<Record<CardView["status"], string>> = {
  frozen: "This card is frozen: payments are declined until you unfreeze it.",
  blocked: "Your card program has blocked this card. Contact their support to find out why.",
  lost: "This card was reported lost and can no longer be used.",
  voided: "This card was cancelled and can no longer be used.",
};

function CardFace({ card, programName }: { card: CardView; programName: string }) {
  const frozen = card.status === "frozen";
  const dead = card.status === "lost" || card.status === "voided";
  return (
    <div
      className={cn(
        "relative flex aspect-[1.586] w-full max-w-sm flex-col justify-between " +
          "overflow-hidden rounded-xl p-5 text-white shadow-md",
        frozen
          ? "bg-gradient-to-br from-sky-700 to-slate-600"
          : dead
            ? "bg-gradient-to-br from-slate-500 to-slate-400"
            : "bg-gradient-to-br from-slate-900 to-indigo-800",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <span className="line-clamp-2 text-sm font-semibold">{programName}</span>
        <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-medium capitalize">
          {card.card_type}
        </span>
      </div>
      {frozen ? (
        <div
          className="absolute inset-0 flex items-center justify-center bg-sky-100/10 backdrop-blur-[1px]"
          aria-hidden
        >
          <Snowflake className="size-16 text-white/80" />
        </div>
      ) : null}
      <div className="flex items-end justify-between gap-2">
        <span className="font-mono text-lg tracking-widest">•••• {card.last_four}</span>
        <CreditCard className="size-7 opacity-80" aria-hidden />
      </div>
    </div>
  );
}

function ConfirmDialog({
  open,
  title,
  description,
  confirm,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  confirm: string;
  pending: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={pending}>
            {confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

type Open = "none" | "pin" | "details";

/**
 * One card: its face, its state in words, freeze/unfreeze (confirmed in a dialog), and the secure
 * page for the PIN (while none is set: "Set PIN") or for the card details plus PIN.
 */
export function CardPanel({
  card,
  programName,
  actions,
}: {
  card: CardView;
  programName: string;
  actions: CardPanelActions;
}) {
  const router = useRouter();
  const freeze = useAction(actions.freeze);
  const unfreeze = useAction(actions.unfreeze);
  const details = useAction(actions.details);
  const waitForPin = useWaitForPin(actions.myAccount);
  const [confirming, setConfirming] = useState<"freeze" | "unfreeze" | null>(null);
  const [confirmError, setConfirmError] = useState<string>();
  const [open, setOpen] = useState<Open>("none");
  const [detailsUrl, setDetailsUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const live = card.status === "active" || card.status === "frozen";
  const statusText = STATUS_TEXT[card.status];
  const note = STATUS_NOTE[card.status];

  async function changeFreeze() {
    if (!confirming) return;
    setConfirmError(undefined);
    const res =
      confirming === "freeze"
        ? await freeze.run({ cardId: card.card_id })
        : await unfreeze.run({ cardId: card.card_id });
    if (!res.ok) {
      setConfirmError(errorText(res.error));
      return;
    }
    setNotice(confirming === "freeze" ? "Card frozen." : "Card unfrozen.");
    setConfirming(null);
    router.refresh();
  }

  async function showDetails() {
    setError(undefined);
    setNotice(undefined);
    const res = await details.run({ cardId: card.card_id });
    if (!res.ok) {
      setError(errorText(res.error));
      return;
    }
    setDetailsUrl(res.data.url);
    setOpen("details");
  }

  const onPinSet = useCallback(() => {
    setOpen("none");
    setNotice("Your PIN is set.");
    void waitForPin(card.card_id).then(() => router.refresh());
  }, [waitForPin, card.card_id, router]);

  return (
    <section
      aria-labelledby={`card-${card.card_id}`}
      className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`card-${card.card_id}`} className="text-base font-semibold">
          {card.card_type === "virtual" ? "Virtual card" : "Physical card"} ending {card.last_four}
        </h2>
        <span
          data-testid="card-status"
          className={cn(
            "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm font-medium",
            card.status === "active" && "border-success-border bg-success-soft text-success",
            card.status === "frozen" &&
              "border-sky-300 bg-sky-50 text-sky-800 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-200",
            (card.status === "blocked" || card.status === "lost" || card.status === "voided") &&
              "border-danger-border bg-danger-soft text-danger",
          )}
        >
          {card.status === "frozen" ? <Snowflake className="size-3.5" aria-hidden /> : null}
          {statusText}
        </span>
      </div>

      <CardFace card={card} programName={programName} />

      {note ? <Alert tone={card.status === "frozen" ? "info" : "warning"}>{note}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {live && !card.pin_set && open !== "pin" ? (
        <Alert tone="warning">Set a PIN before paying in shops.</Alert>
      ) : null}

      {live ? (
        <div className="flex flex-wrap gap-2">
          {card.status === "active" ? (
            <Button variant="secondary" onClick={() => setConfirming("freeze")}>
              <Snowflake aria-hidden />
              Freeze card
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming("unfreeze")}>
              Unfreeze card
            </Button>
          )}
          {!card.pin_set ? (
            open === "pin" ? (
              <Button variant="ghost" onClick={() => setOpen("none")}>
                Cancel PIN setup
              </Button>
            ) : (
              <Button onClick={() => setOpen("pin")}>Set PIN</Button>
            )
          ) : open === "details" ? (
            <Button variant="ghost" onClick={() => setOpen("none")}>
              Hide card details
            </Button>
          ) : (
            <>
              <Button onClick={showDetails} disabled={details.pending}>
                Show card details
              </Button>
              {open === "pin" ? (
                <Button variant="ghost" onClick={() => setOpen("none")}>
                  Cancel PIN change
                </Button>
              ) : (
                <Button variant="ghost" onClick={() => setOpen("pin")}>
                  Change PIN
                </Button>
              )}
            </>
          )}
        </div>
      ) : null}

      {live && open === "pin" ? (
        <div className="flex justify-center">
          <PinSetup cardId={card.card_id} pinForm={actions.pinForm} onPinSet={onPinSet} />
        </div>
      ) : null}
      {live && open === "details" && detailsUrl ? (
        <div className="flex justify-center">
          <SecureFrame key={detailsUrl} src={detailsUrl} kind="details" title="Your card details and PIN" />
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming === "unfreeze" ? "Unfreeze this card?" : "Freeze this card?"}
        description={
          confirming === "unfreeze"
            ? "Payments with the card work again as soon as it is unfrozen."
            : "Every new payment with this card is declined until you unfreeze it. " +
              "You can unfreeze it here at any time."
        }
        confirm={confirming === "unfreeze" ? "Yes, unfreeze card" : "Yes, freeze card"}
        pending={freeze.pending || unfreeze.pending}
        error={confirmError}
        onConfirm={changeFreeze}
        onClose={() => {
          setConfirming(null);
          setConfirmError(undefined);
        }}
      />
    </section>
  );
}
