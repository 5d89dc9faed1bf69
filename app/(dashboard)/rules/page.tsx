import { Plus } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { RULE_STATE_LABELS } from "@/components/controls/labels";
import { RuleActions } from "@/components/controls/rule-actions";
import { PageHeader } from "@/components/page-header";
import { DeclinesStrip } from "@/components/rules/declines-strip";
import { RuleStateBadge } from "@/components/rules/rule-state-badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/lib/contracts/permissions";
import { AUTH_RULE_STATE_VALUES } from "@/lib/enums";
import { requireSession } from "@/server/action-kit/session";
import { changeAuthRuleStateAction, promoteAuthRuleAction } from "@/server/actions/auth-rules";
import { getAuthRulePerformance } from "@/server/controls/rules/performance";
import { listAuthRules } from "@/server/controls/rules/store";

export const metadata: Metadata = { title: "Rules" };

/**
 * Authorization rules by state (docs/spending-controls.md, Rules): each with its conditions in words,
 * its decisions of the last 14 days (would-be declines per day in shadow, declines when active) and
 * its next step (Promote asks the 2FA step-up); each links to its page (versions, backtests, edit).
 */
export default async function RulesPage() {
  const { ctx, user } = await requireSession();
  const { rules } = await listAuthRules({ ctx });
  const reports = await Promise.all(
    rules.map((r) => getAuthRulePerformance({ ctx, input: { ruleId: r.id, days: 14 } })),
  );
  const mayAct = can(user, "changeAuthRuleState");
  const newRule = can(user, "createAuthRule") ? (
    <Button asChild>
      <Link href="/rules/new">
        <Plus aria-hidden />
        New rule
      </Link>
    </Button>
  ) : null;
  return (
    <>
      <PageHeader
        title="Rules"
        description="Rules decline authorizations beyond the fixed spending controls. Run a rule in shadow to see what it would decline before promoting it."
      >
        {rules.length ? newRule : null}
      </PageHeader>
      {rules.length === 0 ? (
        <Card aria-labelledby="rules-empty">
          <CardBody className="flex flex-col items-start gap-3 text-sm">
            <h2 id="rules-empty" className="text-base font-semibold">
              No rules yet
            </h2>
            <p className="text-muted">
              A rule declines what your fixed controls cannot express, e.g. more than 5 purchases an hour
              abroad. Write one, backtest it on your history, run it in shadow, then promote it.
            </p>
            {newRule}
          </CardBody>
        </Card>
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
              {inState.map(({ r, report }) => (
                <Card key={r.id} aria-labelledby={`rule-${r.id}`}>
                  <CardHeader>
                    <CardTitle id={`rule-${r.id}`} className="flex flex-wrap items-center gap-2">
                      <Link href={`/rules/${encodeURIComponent(r.id)}`} className="hover:underline">
                        {r.name}
                      </Link>{" "}
                      <RuleStateBadge state={r.state} />
                      <span className="text-xs font-normal text-muted">version {r.version}</span>
                    </CardTitle>
                  </CardHeader>
                  <CardBody className="flex flex-col gap-3 text-sm">
                    <p>{r.description}</p>
                    {state === "shadow" || state === "active" ? (
                      <DeclinesStrip
                        days={report.days}
                        mode={state === "active" ? "active" : "shadow"}
                        period="Last 14 days"
                        label={`${r.name}: declines per day, last 14 days`}
                      />
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
              ))}
            </section>
          );
        })}
      </div>
    </>
  );
}
