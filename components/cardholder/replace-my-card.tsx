"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import {
  fieldErrorsOf,
  ReasonPicker,
  replacementBody,
  ReplacementShippingFields,
} from "@/components/cards/replacement-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { useAction } from "@/components/ui/use-action";
import type { ActionResult } from "@/lib/action-result";
import type { ReplaceCardInput } from "@/lib/contracts/card-replacement";
import type { CardView } from "@/lib/contracts/cards";
import type { ReplacementReason } from "@/lib/enums";

type ReplaceMyCard = (
  input: ReplaceCardInput & { cardId: string },
) => Promise<ActionResult<{ new_card_id: string; last_four: string; card_type: string }>>;

const MY_REASONS: ReplacementReason[] = ["lost", "stolen", "damaged"];

/**
 * My card's "I lost it / replace" (docs/card-replacement.md): the cardholder replaces their own card;
 * lost and stolen stop the old card at once. The page then shows the new card.
 */
export function ReplaceMyCard({ card, replace }: { card: CardView; replace: ReplaceMyCard }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReplacementReason>("lost");
  const form = useRef<HTMLFormElement>(null);
  const physical = card.card_type === "physical";
  const action = useAction((input: ReplaceCardInput) => replace({ ...input, cardId: card.card_id }));

  async function confirm() {
    const res = await action.run(replacementBody(form.current, reason, physical));
    if (res.ok) {
      setOpen(false);
      router.refresh();
    }
  }

  return (
    <div>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        I lost it / replace the card ending {card.last_four}
      </Button>
      {open ? (
        <ConfirmDialog
          title={`Replace the card ending ${card.last_four}`}
          description="You get a new card with the same limits and PIN."
          error={<ActionErrorAlert error={action.error} />}
          confirmLabel="Replace my card"
          tone={reason === "damaged" ? "primary" : "danger"}
          pending={action.pending}
          onConfirm={confirm}
          onClose={() => !action.pending && setOpen(false)}
        >
          <form ref={form} className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()}>
            <ReasonPicker reasons={MY_REASONS} value={reason} onChange={setReason} />
            {physical ? <ReplacementShippingFields errors={fieldErrorsOf(action.error?.fields)} /> : null}
          </form>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
