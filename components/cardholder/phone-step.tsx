"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/use-action";
import { errorText } from "./error-text";
import type { RequestPhoneCodeAction, VerifyPhoneAction } from "./types";

/** A mobile number in international format, then the 6-digit code sent to it by SMS. */
export function PhoneStep({ requestCode, verify }: { requestCode: RequestPhoneCodeAction; verify: VerifyPhoneAction }) {
  const router = useRouter();
  const send = useAction(requestCode);
  const check = useAction(verify);
  const [phone, setPhone] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [phoneError, setPhoneError] = useState<string>();
  const [done, setDone] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  async function sendCode(to: string): Promise<boolean> {
    setError(undefined);
    setPhoneError(undefined);
    const res = await send.run({ phone: to });
    if (!res.ok) {
      if (res.error.code === "VALIDATION_ERROR" && res.error.fields?.phone) setPhoneError(res.error.fields.phone);
      else setError(errorText(res.error));
      return false;
    }
    return true;
  }

  async function onPhone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const to = phone.replace(/[\s()-]/g, "");
    if (!/^\+[1-9]\d{7,14}$/.test(to)) {
      setPhoneError("Use the international format, e.g. +447700900123.");
      return;
    }
    if (await sendCode(to)) {
      setSentTo(to);
      setCode("");
    }
  }

  async function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed)) {
      setError("Enter the 6-digit code from the text message.");
      codeInput.current?.focus();
      return;
    }
    setError(undefined);
    const res = await check.run({ code: typed });
    if (!res.ok) {
      setError(errorText(res.error));
      codeInput.current?.select();
      return;
    }
    setDone(true);
    router.refresh();
  }

  if (sentTo) {
    const busy = check.pending || send.pending || done;
    return (
      <form key="code" onSubmit={onCode} className="flex flex-col gap-4" noValidate aria-busy={busy}>
        <Alert tone="success">
          We sent a code by text message to <span className="font-medium">{sentTo}</span>.
        </Alert>
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
          className="[&_input]:max-w-48 [&_input]:font-mono [&_input]:tracking-widest"
        />
        <Button type="submit" disabled={busy}>
          Verify
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="ghost" size="sm" onClick={() => void sendCode(sentTo)} disabled={busy}>
            Send a new code
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSentTo(null)} disabled={busy}>
            Change number
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form key="phone" onSubmit={onPhone} className="flex flex-col gap-4" noValidate aria-busy={send.pending}>
      <p className="text-sm text-muted">Your mobile number secures your card: we text you a code to confirm it.</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field
        label="Phone number"
        name="phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+447700900123"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        required
        autoFocus
        error={phoneError}
        hint="International format: + and the country code, then the number."
      />
      <Button type="submit" disabled={send.pending}>
        Send code
      </Button>
    </form>
  );
}
