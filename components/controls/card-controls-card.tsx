import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Action } from "@/lib/action-result";
import type {
  CardControlsActionInput,
  SpendingControlsView,
  SpendLimitsView,
} from "@/lib/contracts/spending-controls";
import { CardLimitsEditor } from "./card-limits-editor";
import { SpendLimitsList } from "./spend-limits-list";

/**
 * A card page's "Controls" section: every limit that applies (the card's, its customer's, the
 * program's) with what is left, and the card's own limits to edit (docs/spending-controls.md).
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
    <Card className="mt-4" aria-labelledby="card-controls-title">
      <CardHeader>
        <CardTitle id="card-controls-title">Controls</CardTitle>
        <CardDescription>Windows start at local midnight, {limits.time_zone}.</CardDescription>
      </CardHeader>
      <CardBody className="grid gap-6 lg:grid-cols-2">
        <SpendLimitsList view={limits} audience="staff" />
        {save ? <CardLimitsEditor target={target} current={controls.spending_controls} save={save} /> : null}
      </CardBody>
    </Card>
  );
}
