import { Pencil } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { orNotFound } from "@/app/(dashboard)/or-not-found";
import { RuleActions } from "@/components/controls/rule-actions";
import { PageHeader } from "@/components/page-header";
import { BacktestForm } from "@/components/rules/backtest-form";
import { BacktestResults } from "@/components/rules/backtest-results";
import { DeclinesStrip } from "@/components/rules/declines-strip";
import { RecentHits } from "@/components/rules/recent-hits";
import { RuleStateBadge } from "@/components/rules/rule-state-badge";
import { RuleVersions } from "@/components/rules/rule-versions";
import { RulesBackLink } from "@/components/rules/rules-back-link";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import {
  changeAuthRuleStateAction,
  promoteAuthRuleAction,
  runAuthRuleBacktestAction,
} from "@/server/actions/auth-rules";
import { listAuthRuleBacktests } from "@/server/controls/rules/backtest";
import { getAuthRulePerformance } from "@/server/controls/rules/performance";
import { getAuthRule } from "@/server/controls/rules/store";
import { getControlsTimeZone } from "@/server/controls/time-zone";
import { localDay } from "@/server/controls/windows";

export const metadata: Metadata = { title: "Rule" };

const DAYS = 30;

/** The backtest form's default range: the last DAYS local days up to today, read once per request. */
function defaultRange(timeZone: string) {
  const now = Date.now();
  return {
    from: localDay(new Date(now - DAYS * 86_400_000), timeZone),
    to: localDay(new Date(now), timeZone),
  };
}

/**
 * One rule (docs/spending-controls.md, Rules): its conditions in words, state and next steps, its
 * decisions per day in shadow and active, the latest authorizations it (would have) declined, a
 * backtest over the program's history and every version.
 */
export default async function RulePage({ params }: { params: Promise<{ ruleId: string }> }) {
  const { ctx, user } = await requireSession();
  const { ruleId } = await params;
  const rule = await orNotFound(getAuthRule({ ctx, input: { ruleId: ruleId.slice(0, 64) } }));
  const input = { ruleId: rule.id };
  const [report, { backtests }, { time_zone: timeZone }] = await Promise.all([
    getAuthRulePerformance({ ctx, input: { ...input, days: DAYS } }),
    listAuthRuleBacktests({ ctx, input }),
    getControlsTimeZone({ ctx }),
  ]);
  const editable = (rule.state === "draft" || rule.state === "shadow") && can(user, "updateAuthRule");
  const modes = (["shadow", "active"] as const).filter((m) => report.days.some((d) => d.mode === m));
  return (
    <>
      <RulesBackLink />
      <PageHeader title={rule.name} description={rule.description}>
        {editable ? (
          <Button asChild variant="secondary">
            <Link href={`/rules/${encodeURIComponent(rule.id)}/edit`}>
              <Pencil aria-hidden />
              Edit
            </Link>
          </Button>
        ) : null}
      </PageHeader>
      <div className="flex flex-col gap-6">
        <Card aria-labelledby="rule-state">
          <CardHeader>
            <CardTitle id="rule-state" className="flex flex-wrap items-center gap-2">
              State <RuleStateBadge state={rule.state} />
            </CardTitle>
            <CardDescription>
              Version {rule.version}, changed{" "}
              <Timestamp iso={rule.updated_at} timeZone={timeZone} seconds={false} />.
            </CardDescription>
          </CardHeader>
          <CardBody className="text-sm">
            {can(user, "changeAuthRuleState") ? (
              <RuleActions rule={rule} move={changeAuthRuleStateAction} promote={promoteAuthRuleAction} />
            ) : (
              <p className="text-muted">Your role can read this rule but not change its state.</p>
            )}
          </CardBody>
        </Card>
        <Card aria-labelledby="rule-decisions">
          <CardHeader>
            <CardTitle id="rule-decisions">Declines per day</CardTitle>
            <CardDescription>
              The last {DAYS} days in {timeZone}: in shadow what the rule would have declined, when active
              what it declined.
            </CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-4 text-sm">
            {modes.length === 0 ? (
              <p className="text-muted">
                No decisions yet: a rule is evaluated once it runs in shadow or is active.
              </p>
            ) : null}
            {modes.map((mode) => (
              <div key={mode} className="flex flex-col gap-1">
                <h3 className="font-medium">{mode === "shadow" ? "In shadow" : "Active"}</h3>
                <DeclinesStrip
                  days={report.days}
                  mode={mode}
                  period={`Last ${DAYS} days`}
                  label={mode === "shadow" ? "Would-be declines per day" : "Declines per day"}
                  tall
                />
              </div>
            ))}
          </CardBody>
        </Card>
        <Card aria-labelledby="rule-hits">
          <CardHeader>
            <CardTitle id="rule-hits">Shadow samples and declines</CardTitle>
            <CardDescription>
              The latest authorizations the rule declined or would have declined.
            </CardDescription>
          </CardHeader>
          <CardBody>
            <RecentHits hits={report.recent_hits} timeZone={timeZone} />
          </CardBody>
        </Card>
        <Card aria-labelledby="rule-backtest">
          <CardHeader>
            <CardTitle id="rule-backtest">Backtest</CardTitle>
            <CardDescription>
              What version {rule.version} would have declined over your program&apos;s own history.
            </CardDescription>
          </CardHeader>
          <CardBody className="flex flex-col gap-4">
            {can(user, "runAuthRuleBacktest") ? (
              <BacktestForm
                ruleId={rule.id}
                timeZone={timeZone}
                range={defaultRange(timeZone)}
                run={runAuthRuleBacktestAction}
              />
            ) : null}
            {backtests.length ? (
              <div className="flex flex-col gap-2 text-sm">
                <h3 className="font-medium">Earlier backtests</h3>
                {backtests.map((b) => (
                  <details key={b.id} className="rounded-md border border-border p-3">
                    <summary className="cursor-pointer">
                      <Timestamp iso={b.created_at} timeZone={timeZone} seconds={false} />: {b.declined} of{" "}
                      {b.authorizations} declined (version {b.version})
                    </summary>
                    <div className="mt-3">
                      <BacktestResults result={b} timeZone={timeZone} />
                    </div>
                  </details>
                ))}
              </div>
            ) : null}
          </CardBody>
        </Card>
        <Card aria-labelledby="rule-versions">
          <CardHeader>
            <CardTitle id="rule-versions">Versions</CardTitle>
            <CardDescription>
              Every version is kept; decisions name the version that made them.
            </CardDescription>
          </CardHeader>
          <CardBody>
            <RuleVersions versions={rule.versions} current={rule.version} timeZone={timeZone} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
