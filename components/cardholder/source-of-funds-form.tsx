"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import { errorText } from "./error-text";
import type { SourceOfFundsQuestion, SubmitSourceOfFundsAction } from "./types";

const SELECT =
  "h-10 w-full rounded-md border border-input bg-surface px-3 text-base " +
  "text-foreground sm:text-sm aria-invalid:border-danger";

function QuestionSelect({
  question,
  value,
  onChange,
  missing,
}: {
  question: SourceOfFundsQuestion;
  value: string;
  onChange: (v: string) => void;
  missing: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{question.label}</Label>
      <select
        id={id}
        name={question.question}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        className={SELECT}
      >
        <option value="" disabled>
          Choose an answer
        </option>
        {question.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {missing ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          Choose an answer.
        </p>
      ) : null}
    </div>
  );
}

/** The program's source-of-funds questions, one select each; every question needs an answer. */
export function SourceOfFundsForm({
  questions,
  submit,
}: {
  questions: SourceOfFundsQuestion[];
  submit: SubmitSourceOfFundsAction;
}) {
  const router = useRouter();
  const action = useAction(submit);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    setError(undefined);
    if (questions.some((q) => !answers[q.question])) {
      setError("Answer every question.");
      return;
    }
    const res = await action.run({
      answers: questions.map((q) => ({ question: q.question, answer: answers[q.question]! })),
    });
    if (!res.ok) {
      setError(errorText(res.error));
      return;
    }
    setDone(true);
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate aria-busy={action.pending || done}>
      <p className="text-sm text-muted">
        Card programs are required to know where the money on a card comes from.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {questions.map((q) => (
        <QuestionSelect
          key={q.question}
          question={q}
          value={answers[q.question] ?? ""}
          onChange={(v) => setAnswers((prev) => ({ ...prev, [q.question]: v }))}
          missing={tried && !answers[q.question]}
        />
      ))}
      <Button type="submit" disabled={action.pending || done}>
        Continue
      </Button>
    </form>
  );
}
