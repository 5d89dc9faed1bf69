"use client";

import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

/**
 * The second half of a "send a code, then type it" step (email sign-in, phone verification):
 * the 6-digit code field, Verify, "Send a new code" and a way back to change where it went.
 * `verify` answers an error text to show, or null when the code was accepted.
 */
export function CodeEntryForm({
  sent,
  channel,
  verify,
  resend,
  changeLabel,
  onChange,
  busy,
  error: outerError,
}: {
  /** "We sent a code to …". */
  sent: ReactNode;
  /** Where the code came from, for the hint and the format error: "email" or "text message". */
  channel: string;
  verify: (code: string) => Promise<string | null>;
  /** Sends another code; true when it went out. */
  resend: () => Promise<boolean>;
  changeLabel: string;
  onChange: () => void;
  busy: boolean;
  /** An error of the sending side (e.g. a refused resend). */
  error?: string;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const codeInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed)) {
      setError(`Enter the 6-digit code from the ${channel}.`);
      codeInput.current?.focus();
      return;
    }
    setError(undefined);
    setNotice(undefined);
    const refused = await verify(typed);
    if (refused) {
      setError(refused);
      codeInput.current?.select();
    }
  }

  async function again() {
    setError(undefined);
    if (await resend()) {
      setCode("");
      setNotice("We sent a new code.");
      codeInput.current?.focus();
    }
  }

  const shown = error ?? outerError;
  return (
    <form key="code" onSubmit={submit} className="flex flex-col gap-4" noValidate aria-busy={busy}>
      <Alert tone="success">{sent}</Alert>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {shown ? <Alert tone="error">{shown}</Alert> : null}
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
        hint={`The 6-digit code from the ${channel}.`}
        className="[&_input]:max-w-48 [&_input]:font-mono [&_input]:tracking-widest"
      />
      <Button type="submit" disabled={busy}>
        Verify
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={again} disabled={busy}>
          Send a new code
        </Button>
        <Button variant="ghost" size="sm" onClick={onChange} disabled={busy}>
          {changeLabel}
        </Button>
      </div>
    </form>
  );
}
