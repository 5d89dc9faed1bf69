"use client";

import { ShieldCheck, TriangleAlert } from "lucide-react";
import { useStepUp } from "@/components/step-up-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { useAction } from "@/components/ui/use-action";
import type { CardView } from "@/lib/contracts/cards";
import { cardAction, type CardActionName, type CardActions } from "./card-action-list";
import { cardName } from "./labels";

/**
 * Confirms one card change, saying exactly what it does, then runs it behind the 2FA step-up:
 * when the session has no fresh code, the dashboard's code dialog opens over this one and the
 * change is made once the code is good.
 */
export function CardActionDialog({
  svcCardId,
  card,
  action,
  actions,
  onClose,
  onDone,
}: {
  svcCardId: string;
  card: CardView;
  action: CardActionName;
  actions: CardActions;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const guarded = useStepUp();
  const copy = cardAction(action);
  const name = cardName(card);

  const change = useAction((_: void) =>
    guarded(() => copy.run(actions, { svcCardId, cardId: card.card_id })),
  );
  const busy = change.pending;

  async function confirm() {
    const res = await change.run();
    if (res.ok) onDone(copy.done(name));
  }
  const error =
    change.error?.code === "TWO_FACTOR_REQUIRED"
      ? "Nothing changed: the card is only changed after you confirm with your authenticator code."
      : change.error;

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>{copy.title(name)}</DialogTitle>
        <DialogDescription>{copy.effect}</DialogDescription>
        {copy.irreversible ? (
          <Alert tone="warning" className="flex gap-2">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>This is permanent and cannot be undone.</span>
          </Alert>
        ) : null}
        <p className="flex gap-2 text-xs text-muted">
          <ShieldCheck className="size-4 shrink-0" aria-hidden />
          <span>
            You confirm with a code from your authenticator app, unless you did in the last 5 minutes.
          </span>
        </p>
        <ActionErrorAlert error={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus={copy.irreversible}>
            Cancel
          </Button>
          <Button
            variant={copy.tone === "danger" ? "danger" : "primary"}
            onClick={confirm}
            disabled={busy}
            aria-busy={busy}
          >
            {copy.confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
