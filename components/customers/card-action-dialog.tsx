"use client";

import { ShieldCheck, TriangleAlert } from "lucide-react";
import { useStepUp } from "@/components/step-up-provider";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { useAction } from "@/components/ui/use-action";
import type { CardView } from "@/lib/contracts/cards";
import { cardAction, type CardActionName, type CardActions } from "./card-action-list";
import { cardName } from "./labels";

/**
 * Confirms one card change, saying exactly what it does (an irreversible one asks for a typed word
 * first), then runs it behind the 2FA step-up: when the session has no fresh code, the dashboard's
 * code dialog opens over this one and the change is made once the code is good. On close the focus
 * goes to `returnFocusTo()` (what opened the dialog, or what stands in its place after the change).
 */
export function CardActionDialog({
  svcCardId,
  card,
  action,
  actions,
  onClose,
  onDone,
  returnFocusTo,
}: {
  svcCardId: string;
  card: CardView;
  action: CardActionName;
  actions: CardActions;
  onClose: () => void;
  onDone: (notice: string) => void;
  returnFocusTo?: () => HTMLElement | null | undefined;
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
    <ConfirmDialog
      title={copy.title(name)}
      description={copy.effect}
      error={<ActionErrorAlert error={error} />}
      confirmLabel={copy.confirm}
      tone={copy.tone === "danger" ? "danger" : "primary"}
      pending={busy}
      onConfirm={confirm}
      onClose={() => !busy && onClose()}
      typed={copy.typed?.(card)}
      returnFocus={(event) => {
        const target = returnFocusTo?.();
        if (!target?.isConnected) return;
        event.preventDefault();
        target.focus();
      }}
    >
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
    </ConfirmDialog>
  );
}
