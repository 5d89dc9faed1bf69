import type { Metadata } from "next";
import { orNotFound } from "@/app/(dashboard)/or-not-found";
import { PageHeader } from "@/components/page-header";
import { RuleForm } from "@/components/rules/rule-form";
import { RulesBackLink } from "@/components/rules/rules-back-link";
import { Card, CardBody } from "@/components/ui/card";
import type { RuleCondition } from "@/lib/contracts/auth-rules";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { updateAuthRuleAction } from "@/server/actions/auth-rules";
import { getAuthRule } from "@/server/controls/rules/store";

export const metadata: Metadata = { title: "Edit rule" };

/** A draft or shadow rule's next version; the earlier ones are kept (the rule's page lists them). */
export default async function EditRulePage({ params }: { params: Promise<{ ruleId: string }> }) {
  const { ctx, user } = await requireSession();
  const { ruleId } = await params;
  const rule = await orNotFound(getAuthRule({ ctx, input: { ruleId: ruleId.slice(0, 64) } }));
  const href = `/rules/${encodeURIComponent(rule.id)}`;
  const editable = rule.state === "draft" || rule.state === "shadow";
  return (
    <>
      <RulesBackLink href={href} label={rule.name} />
      <PageHeader
        title={`Edit ${rule.name}`}
        description={`Saving makes version ${rule.version + 1}; version ${rule.version} and earlier stay on the rule's page. A rule in shadow stays in shadow with the new conditions.`}
      />
      {!can(user, "updateAuthRule") ? (
        <p className="text-sm text-muted">
          Your role can read rules but not change them; ask an operator or admin.
        </p>
      ) : !editable ? (
        <p className="text-sm text-muted">
          An {rule.state} rule cannot be edited: create a new rule (and retire this one).
        </p>
      ) : (
        <Card className="max-w-3xl">
          <CardBody>
            <RuleForm
              rule={{ ...rule, conditions: rule.conditions as unknown as RuleCondition[] }}
              update={updateAuthRuleAction}
            />
          </CardBody>
        </Card>
      )}
    </>
  );
}
