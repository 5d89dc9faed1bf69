"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/use-action";
import { errorText } from "./error-text";
import type { RequestCodeAction, VerifyCodeAction } from "./types";

/**
 * Email, then the 6-digit code from the email. New and returning cardholders see the same
 * steps: for a new email the code also starts the card application.
 */
export function CardholderSignInForm({ orgId, requestCode, verifyCode }: { orgId: string; requestCode: RequestCodeAction; verifyCode: VerifyCodeAction }) {
  const router = useRouter();
  const send = useAction(requestCode);
  const verify = useAction(verifyCode);
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  async function sendCode(to: string): Promise<boolean> {
    setError(undefined);
    setNotice(undefined);
    const res = await send.run({ orgId, email: to });
    if (!res.ok) {
      setError(res.error.code === "VALIDATION_ERROR" ? (res.error.fields?.email ?? res.error.message) : errorText(res.error));
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
    if (await sendCode(to)) {
      setSentTo(to);
      setCode("");
    }
  }

  async function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sentTo) return;
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed)) {
      setError("Enter the 6-digit code from the email.");
      codeInput.current?.focus();
      return;
    }
    setError(undefined);
    setNotice(undefined);
    const res = await verify.run({ orgId, email: sentTo, code: typed });
    if (!res.ok) {
      setError(errorText(res.error));
      codeInput.current?.select();
      return;
    }
    setLeaving(true);
    router.replace(res.data.redirectTo);
    router.refresh();
  }

  async function resend() {
    if (!sentTo) return;
    if (await sendCode(sentTo)) {
      setCode("");
      setNotice(`We sent a new code to ${sentTo}.`);
      codeInput.current?.focus();
    }
  }

  function changeEmail() {
    setSentTo(null);
    setCode("");
    setError(undefined);
    setNotice(undefined);
  }

  if (sentTo) {
    const busy = verify.pending || send.pending || leaving;
    return (
      <form key="code" onSubmit={onCode} className="flex flex-col gap-4" noValidate aria-busy={busy}>
        <Alert tone="success">
          We sent a code to <span className="font-medium break-all">{sentTo}</span>. It expires in 10 minutes.
        </Alert>
        {notice ? <Alert tone="info">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Field
          ref={codeInput}
          label="Code"
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          required
          hint="The 6-digit code from the email."
          className="[&_input]:max-w-48 [&_input]:font-mono [&_input]:tracking-widest"
        />
        <Button type="submit" disabled={busy}>
          Verify
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="ghost" size="sm" onClick={resend} disabled={busy}>
            Send a new code
          </Button>
          <Button variant="ghost" size="sm" onClick={changeEmail} disabled={busy}>
            Use a different email
          </Button>
        </div>
      </form>
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
