"use client";

import { ShieldCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useStepUp } from "@/components/step-up-provider";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ActionErrorAlert } from "@/components/ui/dialog-error";
import { useAction } from "@/components/ui/use-action";
import type { ActionResult } from "@/lib/action-result";
import type { ReplaceCardInput, ReplacedCard } from "@/lib/contracts/card-replacement";
import type { CardView } from "@/lib/contracts/cards";
import type { ReplacementReason } from "@/lib/enums";
import { cardHref } from "./filters";
import { fieldErrorsOf, ReasonPicker, replacementBody, ReplacementShippingFields } from "./replacement-form";

type ReplaceAction = (
  input: ReplaceCardInput & { svcCardId: string; cardId: string },
) => Promise<ActionResult<ReplacedCard>>;

/**
 * The card page's "Report and replace" (docs/card-replacement.md): one audited action behind the
 * 2FA step-up. Lost and stolen report the old card and issue the new one together; the page then
 * opens the new card, whose replacement chain links back.
 */
export function ReportAndReplace({
  svcCardId,
  card,
  reasons,
  replace,
}: {
  svcCardId: string;
  card: CardView;
  /** The reasons the card's state allows (server/cards/replacement/rules.ts). */
  reasons: ReplacementReason[];
  replace: ReplaceAction;
}) {
  const router = useRouter();
  const guarded = useStepUp();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReplacementReason>(reasons[0] ?? "lost");
  const form = useRef<HTMLFormElement>(null);
  const physical = card.card_type === "physical";
  const action = useAction((input: ReplaceCardInput) =>
    guarded(() => replace({ ...input, svcCardId, cardId: card.card_id })),
  );
  if (reasons.length === 0) return null;

  async function confirm() {
    const res = await action.run(replacementBody(form.current, reason, physical));
    if (res.ok) {
      setOpen(false);
      router.push(cardHref(res.data.new_card.card_id));
    }
  }
  const error =
    action.error?.code === "TWO_FACTOR_REQUIRED"
      ? "Nothing changed: the card is only replaced after you confirm with your authenticator code."
      : action.error;

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Report and replace
      </Button>
      {open ? (
        <ConfirmDialog
          title={`Replace the card ending ${card.last_four}`}
          description="A new card of the same type, with this card's limits, PIN and metadata."
          error={<ActionErrorAlert error={error} />}
          confirmLabel="Replace card"
          tone={reason === "lost" || reason === "stolen" ? "danger" : "primary"}
          pending={action.pending}
          onConfirm={confirm}
          onClose={() => !action.pending && setOpen(false)}
        >
          <form ref={form} className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()}>
            <ReasonPicker reasons={reasons} value={reason} onChange={setReason} />
            {physical ? <ReplacementShippingFields errors={fieldErrorsOf(action.error?.fields)} /> : null}
          </form>
          <p className="flex gap-2 text-xs text-muted">
            <ShieldCheck className="size-4 shrink-0" aria-hidden />
            <span>
              You confirm with a code from your authenticator app, unless you did in the last 5 minutes.
            </span>
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
