"use client";

import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { ChangePasswordInput } from "@/lib/contracts/team";

export function PasswordForm({
  change,
}: {
  change: Action<ChangePasswordInput, { changed: true; sessions_ended: number }>;
}) {
  const changing = useAction(change);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const res = await changing.run({ current_password: current, new_password: next });
    if (res.ok) {
      setCurrent("");
      setNext("");
    }
  }

  const fields = changing.error?.fields;
  return (
    <form onSubmit={submit} className="flex max-w-sm flex-col gap-3" noValidate>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={fields?.current_password}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters."
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={fields?.new_password}
      />
      {changing.error && !fields ? <Alert tone="error">{changing.error.message}</Alert> : null}
      {changing.data ? (
        <Alert tone="success">
          Password changed. {changing.data.sessions_ended} other session(s) signed out.
        </Alert>
      ) : null}
      <Button type="submit" className="self-start" disabled={changing.pending} aria-busy={changing.pending}>
        Change password
      </Button>
    </form>
  );
}
