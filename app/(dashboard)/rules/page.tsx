import type { Metadata } from "next";
import { RULE_STATE_LABELS } from "@/components/controls/labels";
import { RuleActions } from "@/components/controls/rule-actions";
import { PageHeader } from "@/components/page-header";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/lib/contracts/permissions";
import { AUTH_RULE_STATE_VALUES, type AuthRuleState } from "@/lib/enums";
import { requireSession } from "@/server/action-kit/session";
import { changeAuthRuleStateAction, promoteAuthRuleAction } from "@/server/actions/auth-rules";
import { getAuthRulePerformance } from "@/server/controls/rules/performance";
import { listAuthRules } from "@/server/controls/rules/store";

export const metadata: Metadata = { title: "Rules" };

const TONE: Record<AuthRuleState, BadgeTone> = {
  draft: "muted",
  shadow: "warning",
  active: "success",
  retired: "neutral",
};

/**
 * Authorization rules by state (docs/spending-controls.md, Rules): each with its conditions in words,
 * its decisions of the last 14 days (would-be declines per day in shadow, declines when active) and
 * its next step; Promote asks the 2FA step-up.
 */
export default async function RulesPage() {
  const { ctx, user } = await requireSession();
  const { rules } = await listAuthRules({ ctx });
  const reports = await Promise.all(
    rules.map((r) => getAuthRulePerformance({ ctx, input: { ruleId: r.id, days: 14 } })),
  );
  const mayAct = can(user, "changeAuthRuleState");
  return (
    <>
      <PageHeader
        title="Rules"
        description="Rules decline authorizations beyond the fixed spending controls. Run a rule in shadow to see what it would decline before promoting it."
      />
      {rules.length === 0 ? (
        <p className="text-sm text-muted">
          No rules yet. Create one with POST /api/v1/card-issuer/auth-rules.
        </p>
      ) : null}
      <div className="flex flex-col gap-6">
        {AUTH_RULE_STATE_VALUES.map((state) => {
          const inState = rules
            .map((r, i) => ({ r, report: reports[i]! }))
            .filter(({ r }) => r.state === state);
          if (inState.length === 0) return null;
          return (
            <section key={state} aria-labelledby={`rules-${state}`} className="flex flex-col gap-3">
              <h2 id={`rules-${state}`} className="text-base font-semibold">
                {RULE_STATE_LABELS[state]}
              </h2>
              {inState.map(({ r, report }) => {
                const days = report.days.filter((d) => d.mode === (state === "active" ? "active" : "shadow"));
                const evaluated = days.reduce((s, d) => s + d.evaluated, 0);
                const declined = days.reduce((s, d) => s + d.declined, 0);
                const peak = Math.max(1, ...days.map((d) => d.declined));
                return (
                  <Card key={r.id} aria-labelledby={`rule-${r.id}`}>
                    <CardHeader>
                      <CardTitle id={`rule-${r.id}`} className="flex flex-wrap items-center gap-2">
                        {r.name} <Badge tone={TONE[r.state]}>{RULE_STATE_LABELS[r.state]}</Badge>
                        <span className="text-xs font-normal text-muted">version {r.version}</span>
                      </CardTitle>
                    </CardHeader>
                    <CardBody className="flex flex-col gap-3 text-sm">
                      <p>{r.description}</p>
                      {state === "shadow" || state === "active" ? (
                        <div className="flex flex-col gap-2">
                          <p className="text-muted">
                            Last 14 days: {declined} of {evaluated} authorizations{" "}
                            {state === "shadow" ? "would have been declined" : "declined"}.
                          </p>
                          <ol className="flex h-16 items-end gap-1" aria-label="Declines per day">
                            {days.map((d) => (
                              <li
                                key={d.day}
                                className="flex-1 rounded-t bg-warning"
                                style={{ height: `${Math.max(4, (d.declined / peak) * 100)}%` }}
                                title={`${d.day}: ${d.declined} of ${d.evaluated}`}
                              >
                                <span className="sr-only">
                                  {d.day}: {d.declined} of {d.evaluated}
                                </span>
                              </li>
                            ))}
                          </ol>
                        </div>
                      ) : null}
                      {mayAct ? (
                        <RuleActions
                          rule={r}
                          move={changeAuthRuleStateAction}
                          promote={promoteAuthRuleAction}
                        />
                      ) : null}
                    </CardBody>
                  </Card>
                );
              })}
            </section>
          );
        })}
      </div>
    </>
  );
}
