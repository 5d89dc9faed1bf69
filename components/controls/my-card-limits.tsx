import type { Action } from "@/lib/action-result";
import type {
  MyCardControlsActionInput,
  SpendingControlsView,
  SpendLimitsView,
} from "@/lib/contracts/spending-controls";
import { ControlsEditor } from "./controls-editor";
import { SpendLimitsList } from "./spend-limits-list";

/**
 * My card: one card's spending limits as the cardholder sees them, with what is left and when each
 * resets in the program's time zone, and a form to lower them (never raise: the server refuses,
 * server/controls/lower-only.ts). docs/spending-controls.md, Cardholders.
 */
export function MyCardLimits({
  card,
  limits,
  controls,
  save,
}: {
  card: { card_id: string; last_four: string };
  limits: SpendLimitsView;
  controls: SpendingControlsView;
  save: Action<MyCardControlsActionInput, SpendingControlsView>;
}) {
  const titleId = `limits-${card.card_id}`;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-base font-semibold">
          Spending limits of the card ending {card.last_four}
        </h2>
        <p className="text-sm text-muted">
          Amounts in {limits.currency}. Days, weeks and months start at midnight in {limits.time_zone}, and
          reset times are shown in that time zone.
        </p>
      </div>
      <SpendLimitsList view={limits} audience="cardholder" />
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-accent">Lower my limits</summary>
        <div className="mt-3">
          <ControlsEditor
            target={{ cardId: card.card_id }}
            current={controls.spending_controls}
            save={save}
            label={`Limits of the card ending ${card.last_four}`}
            preview={{ view: limits, level: "card" }}
            cardholder
          />
        </div>
      </details>
    </section>
  );
}
