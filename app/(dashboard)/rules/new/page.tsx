import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { RuleForm } from "@/components/rules/rule-form";
import { RulesBackLink } from "@/components/rules/rules-back-link";
import { Card, CardBody } from "@/components/ui/card";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { createAuthRuleAction } from "@/server/actions/auth-rules";

export const metadata: Metadata = { title: "New rule" };

/** A new authorization rule, saved as a draft (docs/spending-controls.md, Rules). */
export default async function NewRulePage() {
  const { user } = await requireSession();
  return (
    <>
      <RulesBackLink />
      <PageHeader
        title="New rule"
        description="A rule is saved as a draft: it declines nothing until it is promoted. Backtest it on your history and run it in shadow first."
      />
      {can(user, "createAuthRule") ? (
        <Card className="max-w-3xl">
          <CardBody>
            <RuleForm create={createAuthRuleAction} />
          </CardBody>
        </Card>
      ) : (
        <p className="text-sm text-muted">
          Your role can read rules but not write them; ask an operator or admin.
        </p>
      )}
    </>
  );
}
