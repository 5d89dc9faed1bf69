import { RULE_STATE_LABELS } from "@/components/controls/labels";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { AuthRuleState } from "@/lib/enums";

const TONE: Record<AuthRuleState, BadgeTone> = {
  draft: "muted",
  shadow: "warning",
  active: "success",
  retired: "neutral",
};

/** A rule's state as a badge, the same on the Rules list and a rule's page. */
export function RuleStateBadge({ state }: { state: AuthRuleState }) {
  return <Badge tone={TONE[state]}>{RULE_STATE_LABELS[state]}</Badge>;
}
