"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import { CodeEntryForm } from "./code-entry-form";
import { errorText } from "./error-text";
import type { RequestCodeAction, VerifyCodeAction } from "./types";

/**
 * Email, then the 6-digit code from the email. New and returning cardholders see the same
 * steps: for a new email the code also starts the card application.
 */
export function CardholderSignInForm({
  orgId,
  requestCode,
  verifyCode,
}: {
  orgId: string;
  requestCode: RequestCodeAction;
  verifyCode: VerifyCodeAction;
}) {
  const router = useRouter();
  const send = useAction(requestCode);
  const verify = useAction(verifyCode);
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [leaving, setLeaving] = useState(false);

  async function sendCode(to: string): Promise<boolean> {
    setError(undefined);
    const res = await send.run({ orgId, email: to });
    if (!res.ok) {
      setError(
        res.error.code === "VALIDATION_ERROR"
          ? (res.error.fields?.email ?? res.error.message)
          : errorText(res.error),
      );
      return false;
    }
    return true;
  }

  async function onEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const to = email.trim();
    if (!to) {
      setError("Enter your email address.");
      return;
    }
    if (await sendCode(to)) setSentTo(to);
  }

  if (sentTo) {
    return (
      <CodeEntryForm
        sent={
          <>
            We sent a code to <span className="font-medium break-all">{sentTo}</span>. It expires in 10
            minutes.
          </>
        }
        channel="email"
        error={error}
        busy={verify.pending || send.pending || leaving}
        resend={() => sendCode(sentTo)}
        changeLabel="Use a different email"
        onChange={() => {
          setSentTo(null);
          setError(undefined);
        }}
        verify={async (code) => {
          const res = await verify.run({ orgId, email: sentTo, code });
          if (!res.ok) return errorText(res.error);
          setLeaving(true);
          router.replace(res.data.redirectTo);
          router.refresh();
          return null;
        }}
      />
    );
  }

  return (
    <form key="email" onSubmit={onEmail} className="flex flex-col gap-4" noValidate aria-busy={send.pending}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
        autoFocus
      />
      <Button type="submit" disabled={send.pending}>
        Send code
      </Button>
    </form>
  );
}
