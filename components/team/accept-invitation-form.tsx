"use client";

import Link from "next/link";
import { type FormEvent, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { AcceptInvitationInput } from "@/lib/contracts/team";

interface Props {
  token: string;
  email: string;
  secret: string;
  qrDataUrl: string;
  accept: Action<AcceptInvitationInput, { user_id: string; email: string }>;
}

/** Choose a password, add the key to an authenticator app, confirm with its first code. */
export function AcceptInvitationForm({ token, email, secret, qrDataUrl, accept }: Props) {
  const accepting = useAction(accept);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await accepting.run({
      token,
      name: name.trim() || undefined,
      password,
      two_factor_code: code.replace(/\s+/g, ""),
    });
  }

  if (accepting.data) {
    return (
      <Alert tone="success">
        Welcome aboard. Your account {accepting.data.email} is ready.{" "}
        <Link href="/sign-in" className="font-medium underline">
          Sign in
        </Link>
      </Alert>
    );
  }
  const fields = accepting.error?.fields;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Field label="Email" value={email} readOnly autoComplete="username" />
      <Field label="Your name (optional)" value={name} onChange={(e) => setName(e.target.value)} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint="At least 10 characters."
        error={fields?.password}
        required
      />
      <div className="flex flex-col gap-2 text-sm">
        <p>Scan this QR code with your authenticator app, or type the key by hand.</p>
        {/* A data: URL made on the server. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={qrDataUrl}
          alt="QR code for your authenticator app"
          width={180}
          height={180}
          className="rounded-md border border-border bg-white p-2"
        />
        <div className="flex flex-wrap items-center gap-2">
          <code data-testid="invite-totp-secret" className="font-mono text-sm break-all">
            {secret}
          </code>
          <CopyButton value={secret} />
        </div>
      </div>
      <Field
        label="Code from your app"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={fields?.two_factor_code}
        required
      />
      {accepting.error && !fields ? <Alert tone="error">{accepting.error.message}</Alert> : null}
      <Button type="submit" disabled={accepting.pending} aria-busy={accepting.pending}>
        Join the team
      </Button>
    </form>
  );
}
