"use client";

import { useRouter } from "next/navigation";
import { useStepUp } from "@/components/step-up-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { AuthRuleView } from "@/lib/contracts/auth-rules";
import type { AuthRuleState } from "@/lib/enums";

/**
 * A rule's next steps: a draft goes into shadow, a shadow rule is promoted (2FA step-up) or goes
 * back to draft, anything but retired may be retired.
 */
export function RuleActions({
  rule,
  move,
  promote,
}: {
  rule: Pick<AuthRuleView, "id" | "name" | "state">;
  move: Action<{ ruleId: string; state: "draft" | "shadow" | "retired" }, AuthRuleView>;
  promote: Action<{ ruleId: string }, AuthRuleView>;
}) {
  const router = useRouter();
  const guarded = useStepUp();
  const moving = useAction(move);
  const promoting = useAction((input: { ruleId: string }) => guarded(() => promote(input)));
  const after = (res: { ok: boolean }) => {
    if (res.ok) router.refresh();
  };
  const to = async (state: "draft" | "shadow" | "retired") =>
    after(await moving.run({ ruleId: rule.id, state }));
  const steps: Record<AuthRuleState, React.ReactNode> = {
    draft: (
      <Button variant="secondary" onClick={() => void to("shadow")} disabled={moving.pending}>
        Run in shadow
      </Button>
    ),
    shadow: (
      <>
        <Button
          onClick={async () => after(await promoting.run({ ruleId: rule.id }))}
          disabled={promoting.pending}
        >
          Promote
        </Button>
        <Button variant="secondary" onClick={() => void to("draft")} disabled={moving.pending}>
          Back to draft
        </Button>
      </>
    ),
    active: null,
    retired: null,
  };
  const error = moving.error ?? promoting.error;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" aria-label={`Actions on ${rule.name}`} role="group">
        {steps[rule.state]}
        {rule.state === "retired" ? null : (
          <Button variant="ghost" onClick={() => void to("retired")} disabled={moving.pending}>
            Retire
          </Button>
        )}
      </div>
      {error ? <Alert tone="error">{error.message}</Alert> : null}
    </div>
  );
}
