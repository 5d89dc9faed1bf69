import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Action } from "@/lib/action-result";
import type { SpendingControlsView, SpendLimitsView } from "@/lib/contracts/spending-controls";
import type { ControlLevel } from "@/lib/enums";
import { ControlsEditor } from "./controls-editor";
import type { ControlsInput } from "./controls-form";
import { ControlsSummary } from "./controls-summary";
import { SpendLimitsList } from "./spend-limits-list";

/**
 * The "Controls" section of the card and customer pages: what is left of every limit that applies,
 * and this level's controls, edited with a preview of what would be left (controls-editor.tsx), or
 * read only for a role without the permission (no `save`). docs/spending-controls.md.
 */
export function ControlsSection<T extends object>({
  level,
  target,
  controls,
  limits,
  save,
  className,
}: {
  level: Exclude<ControlLevel, "program">;
  target: T;
  controls: SpendingControlsView;
  limits: SpendLimitsView;
  save?: Action<T & { controls: ControlsInput }, SpendingControlsView>;
  className?: string;
}) {
  const titleId = `${level}-controls-title`;
  const now = (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">What is left now</h3>
      <SpendLimitsList
        view={limits}
        audience="staff"
        empty={level === "customer" ? "This customer has no limits of its own." : undefined}
      />
    </div>
  );
  return (
    <Card className={className} aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Controls</CardTitle>
        <CardDescription>
          {level === "card"
            ? "This card's own limits and lists"
            : "Limits and lists for all of this customer's cards"}
          , on top of the program&apos;s. Amounts in {limits.currency}; windows start at local midnight in{" "}
          {limits.time_zone}.
        </CardDescription>
      </CardHeader>
      <CardBody>
        {save ? (
          <ControlsEditor
            target={target}
            current={controls.spending_controls}
            save={save}
            label={level === "card" ? "Card limits" : "Customer limits"}
            preview={{ view: limits, level }}
            now={now}
          />
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <ControlsSummary controls={controls.spending_controls} />
            {now}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
