"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CodeField } from "@/components/ui/code-field";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";

export interface Enrollment {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

interface TwoFactorSetupProps {
  /** The enrollment already started (a reload must show the same key, not a new one). */
  pending: Enrollment | null;
  start: Action<Record<string, never>, Enrollment>;
  confirm: Action<{ code: string }, { enabled: true }>;
}

/** Base32 in groups of four, easier to read and type into an app. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

export function TwoFactorSetup({ pending, start, confirm }: TwoFactorSetupProps) {
  const router = useRouter();
  const starting = useAction(start);
  const confirming = useAction(confirm);
  const [enrollment, setEnrollment] = useState<Enrollment | null>(pending);
  const [enabled, setEnabled] = useState(false);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const codeInput = useRef<HTMLInputElement>(null);

  async function begin() {
    const res = await starting.run({});
    if (res.ok) setEnrollment(res.data);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed)) {
      setCodeError("Enter the 6-digit code your app shows.");
      codeInput.current?.focus();
      return;
    }
    setCodeError(undefined);
    const res = await confirming.run({ code: typed });
    if (res.ok) {
      setEnabled(true);
      router.refresh();
      return;
    }
    setCodeError(res.error.fields?.code ?? res.error.message);
    codeInput.current?.select();
  }

  if (enabled) {
    return (
      <Alert tone="success">
        Two-factor authentication is on. You will be asked for a code from your app each time you sign in.
      </Alert>
    );
  }

  if (!enrollment) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm">
          Two-factor authentication is <strong>off</strong>. Turn it on to protect your account with a code
          from an authenticator app (Google Authenticator, 1Password, Authy...). It is needed for protected
          actions such as freezing cards, funding customers and managing API keys.
        </p>
        {starting.error ? <Alert tone="error">{starting.error.message}</Alert> : null}
        <Button onClick={begin} disabled={starting.pending} aria-busy={starting.pending}>
          Set up two-factor authentication
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-5 pl-5 text-sm marker:font-semibold">
        <li>
          <div className="flex flex-col items-start gap-3">
            <span>Scan this QR code with your authenticator app.</span>
            {/* A data: URL made on the server; next/image adds nothing for it. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              src={enrollment.qrDataUrl}
              alt="QR code for your authenticator app"
              width={220}
              height={220}
              className="rounded-md border border-border bg-white p-2"
            />
          </div>
        </li>
        <li>
          <div className="flex flex-col gap-2">
            <span>Or type this key into the app by hand:</span>
            <div className="flex flex-wrap items-center gap-2">
              <code
                data-testid="totp-secret"
                className={
                  "rounded-md border border-border bg-surface-muted px-3 py-2 font-mono " +
                  "text-sm break-all"
                }
              >
                {grouped(enrollment.secret)}
              </code>
              <CopyButton value={enrollment.secret} />
            </div>
          </div>
        </li>
        <li>
          <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
            <span>Enter the 6-digit code the app now shows.</span>
            <CodeField
              inputRef={codeInput}
              label="Code from your app"
              value={code}
              onChange={setCode}
              error={codeError}
              autoFocus={false}
            />
            <div>
              <Button type="submit" disabled={confirming.pending} aria-busy={confirming.pending}>
                Confirm
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
