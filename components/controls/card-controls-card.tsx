import type { Action } from "@/lib/action-result";
import type {
  CardControlsActionInput,
  SpendingControlsView,
  SpendLimitsView,
} from "@/lib/contracts/spending-controls";
import { ControlsSection } from "./controls-section";

/**
 * A card page's "Controls" section: every limit that applies (the card's, its customer's, the
 * program's) with what is left, and the card's own controls to edit (docs/spending-controls.md).
 */
export function CardControlsCard({
  target,
  limits,
  controls,
  save,
}: {
  target: { svcCardId: string; cardId: string };
  limits: SpendLimitsView;
  controls: SpendingControlsView;
  /** Absent for a role that may not change them. */
  save?: Action<CardControlsActionInput, SpendingControlsView>;
}) {
  return (
    <ControlsSection
      className="mt-4"
      level="card"
      target={target}
      controls={controls}
      limits={limits}
      save={save}
    />
  );
}
