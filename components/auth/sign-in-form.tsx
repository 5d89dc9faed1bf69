"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeField } from "@/components/ui/code-field";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import { signInErrorMessage } from "./sign-in-errors";

export type BeginSignIn = Action<
  { email: string; password: string },
  { ticket: string; twoFactorRequired: boolean }
>;

interface SignInFormProps {
  beginSignIn: BeginSignIn;
  /** A path on this site, already checked by the page. */
  callbackUrl: string;
  /** An error next-auth put in the URL (?error=CODE), for sign-ins that ended in a redirect. */
  initialError?: string;
}

/**
 * Two steps on one page: email + password (the beginSignIn action returns a ticket), then,
 * for users with 2FA, the authenticator code. next-auth's "ticket" provider redeems the ticket.
 */
export function SignInForm({ beginSignIn, callbackUrl, initialError }: SignInFormProps) {
  const router = useRouter();
  const passwordStep = useAction(beginSignIn);
  const [ticket, setTicket] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>(signInErrorMessage(initialError));
  const [redeeming, setRedeeming] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  async function redeem(t: string, totp?: string): Promise<void> {
    setRedeeming(true);
    try {
      // An explicit callbackUrl: next-auth otherwise uses the current URL, and reads an
      // ?error= left in it as this attempt's error.
      const res = await signIn("ticket", { ticket: t, code: totp ?? "", redirect: false, callbackUrl });
      if (res?.ok && !res.error) {
        router.push(callbackUrl);
        router.refresh();
        return; // stays "busy" until the dashboard replaces this page
      }
      const failure = res?.error ?? "INTERNAL_ERROR";
      setError(signInErrorMessage(failure));
      if (failure === "UNAUTHENTICATED") {
        // The ticket expired or was used: start again from the password.
        setTicket(null);
        setCode("");
      } else if (totp !== undefined) {
        // Keep what was typed (the user may already be typing the next code); select it so
        // typing replaces it.
        codeInput.current?.select();
      }
    } catch {
      setError("The console could not reach the server. Check your connection and try again.");
    }
    setRedeeming(false);
  }

  async function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    const form = new FormData(event.currentTarget);
    const input = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    setEmail(input.email);
    const res = await passwordStep.run(input);
    if (!res.ok) {
      setError(res.error.code === "VALIDATION_ERROR" ? undefined : res.error.message);
      return;
    }
    if (res.data.twoFactorRequired) {
      setTicket(res.data.ticket);
      return;
    }
    await redeem(res.data.ticket);
  }

  async function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ticket) return;
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed)) {
      setError("Enter the 6-digit code from your authenticator app.");
      codeInput.current?.focus();
      return;
    }
    setError(undefined);
    await redeem(ticket, typed);
  }

  function startOver() {
    setTicket(null);
    setCode("");
    setError(undefined);
    passwordStep.reset();
  }

  const fieldErrors = passwordStep.error?.fields;
  const busy = passwordStep.pending || redeeming;

  if (ticket) {
    return (
      <form key="code-step" onSubmit={onCode} className="flex flex-col gap-4" noValidate aria-busy={busy}>
        <div className="flex flex-col gap-1">
          <h2 className="text-base font-semibold">Two-factor authentication</h2>
          <p className="text-sm text-muted">
            Enter the 6-digit code your authenticator app shows for{" "}
            <span className="font-medium text-foreground">{email}</span>.
          </p>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <CodeField
          inputRef={codeInput}
          value={code}
          onChange={setCode}
          className="[&_input]:font-mono [&_input]:tracking-widest"
        />
        <Button type="submit" disabled={busy}>
          Verify
        </Button>
        <Button variant="ghost" onClick={startOver} disabled={redeeming}>
          Use a different account
        </Button>
      </form>
    );
  }

  return (
    // POST: a submit before the page's script runs never puts the password in a URL.
    <form
      key="password-step"
      method="post"
      onSubmit={onPassword}
      className="flex flex-col gap-4"
      noValidate
      aria-busy={busy}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        defaultValue={email}
        required
        autoFocus
        error={fieldErrors?.email}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={fieldErrors?.password}
      />
      <Button type="submit" disabled={busy}>
        Continue
      </Button>
    </form>
  );
}
