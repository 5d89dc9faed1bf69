"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { AuthRuleInput, AuthRuleView, RuleCondition } from "@/lib/contracts/auth-rules";
import { describeConditions } from "@/lib/controls/rule-words";
import { type ConditionDraft, emptyDraft, fromCondition, isSayable, toCondition } from "./condition-draft";
import { ConditionRow } from "./condition-row";

/** The server's field errors of condition i, keyed by the contract's field ("values", "value", ...). */
function conditionErrors(fields: Record<string, string> | undefined, i: number) {
  const prefix = `conditions.${i}.`;
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields ?? {}))
    if (key.startsWith(prefix)) out[key.slice(prefix.length).split(".")[0] || "_"] ??= message;
    else if (key === `conditions.${i}`) out._ ??= message;
  return out;
}

/**
 * A rule written in the console (docs/spending-controls.md, The rule language): its name and the
 * conditions that must all hold for it to decline, previewed in words as they are typed. A new rule
 * is saved as a draft; an edit of a draft or shadow rule is saved as its next version.
 */
export function RuleForm({
  rule,
  create,
  update,
}: {
  /** The rule edited (a new version), or none for a new rule. */
  rule?: { id: string; name: string; version: number; conditions: RuleCondition[] };
  create?: Action<AuthRuleInput, AuthRuleView>;
  update?: Action<AuthRuleInput & { ruleId: string }, AuthRuleView>;
}) {
  const router = useRouter();
  const saving = useAction((input: AuthRuleInput) =>
    rule && update ? update({ ...input, ruleId: rule.id }) : create!(input),
  );
  const [name, setName] = useState(rule?.name ?? "");
  const [drafts, setDrafts] = useState<ConditionDraft[]>(
    rule ? rule.conditions.map(fromCondition) : [emptyDraft()],
  );
  const conditions = drafts.map(toCondition);
  const sayable = conditions.filter(isSayable);
  const fields = saving.error?.fields;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const res = await saving.run({ name: name.trim(), conditions });
    if (res.ok) {
      router.push(`/rules/${encodeURIComponent(res.data.id)}`);
      router.refresh();
    }
  }

  const shownInline = Object.keys(fields ?? {}).some((k) => k === "name" || k.startsWith("conditions."));
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Rule">
      <Field
        label="Name"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        error={fields?.name}
        hint="Shown on the Rules page and in decline reasons."
      />
      <p className="text-sm text-muted">The rule declines an authorization when every condition holds.</p>
      {drafts.map((d, i) => (
        <ConditionRow
          key={i}
          index={i}
          draft={d}
          errors={conditionErrors(fields, i)}
          onChange={(next) => setDrafts(drafts.map((x, j) => (j === i ? next : x)))}
          onRemove={drafts.length > 1 ? () => setDrafts(drafts.filter((_, j) => j !== i)) : undefined}
        />
      ))}
      <div>
        <Button
          variant="secondary"
          onClick={() => setDrafts([...drafts, emptyDraft()])}
          disabled={drafts.length >= 20}
        >
          Add a condition
        </Button>
      </div>
      <section aria-labelledby="rule-preview" className="rounded-md bg-surface-muted p-3 text-sm">
        <h2 id="rule-preview" className="mb-1 font-medium">
          In words
        </h2>
        <p aria-live="polite">
          {sayable.length ? describeConditions(sayable) : "Fill in a condition to see the rule in words."}
        </p>
      </section>
      {saving.error ? (
        <Alert tone="error">
          {shownInline
            ? "The rule was not saved: check the fields marked above."
            : (Object.values(fields ?? {})[0] ?? saving.error.message)}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving.pending} aria-busy={saving.pending}>
          {rule ? `Save as version ${rule.version + 1}` : "Save draft"}
        </Button>
        <Button variant="ghost" onClick={() => router.back()}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
