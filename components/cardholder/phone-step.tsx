"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import { CodeEntryForm } from "./code-entry-form";
import { errorText } from "./error-text";
import type { RequestPhoneCodeAction, VerifyPhoneAction } from "./types";

/** A mobile number in international format, then the 6-digit code sent to it by SMS. */
export function PhoneStep({
  requestCode,
  verify,
}: {
  requestCode: RequestPhoneCodeAction;
  verify: VerifyPhoneAction;
}) {
  const router = useRouter();
  const send = useAction(requestCode);
  const check = useAction(verify);
  const [phone, setPhone] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [phoneError, setPhoneError] = useState<string>();
  const [done, setDone] = useState(false);

  async function sendCode(to: string): Promise<boolean> {
    setError(undefined);
    setPhoneError(undefined);
    const res = await send.run({ phone: to });
    if (!res.ok) {
      if (res.error.code === "VALIDATION_ERROR" && res.error.fields?.phone)
        setPhoneError(res.error.fields.phone);
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
    if (await sendCode(to)) setSentTo(to);
  }

  if (sentTo) {
    return (
      <CodeEntryForm
        sent={
          <>
            We sent a code by text message to <span className="font-medium">{sentTo}</span>.
          </>
        }
        channel="text message"
        error={error}
        busy={check.pending || send.pending || done}
        resend={() => sendCode(sentTo)}
        changeLabel="Change number"
        onChange={() => setSentTo(null)}
        verify={async (code) => {
          const res = await check.run({ code });
          if (!res.ok) return errorText(res.error);
          setDone(true);
          router.refresh();
          return null;
        }}
      />
    );
  }

  return (
    <form key="phone" onSubmit={onPhone} className="flex flex-col gap-4" noValidate aria-busy={send.pending}>
      <p className="text-sm text-muted">
        Your mobile number secures your card: we text you a code to confirm it.
      </p>
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
