"use client";

import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { transportError } from "@/lib/action-result";
import { SecureNotice } from "./secure-notice";
import type { SubmitPinAction } from "./types";

type Phase = { kind: "form" } | { kind: "done" } | { kind: "closed"; message: string };

interface PinFormProps {
  heading: string;
  intro: string;
  /** Besides its own origin, the windows that may hear from the page (secureFrameOrigins()). */
  parentOrigins: readonly string[];
  /** Missing on the preview: the form can be tried, nothing is sent. */
  submit?: SubmitPinAction;
  viewId?: string;
  formSecret?: string;
  compact?: boolean;
  /** The theme preview reloads as the admin types: it must not pull the focus into the iframe. */
  autoFocus?: boolean;
}

/**
 * postMessage to the parent at each allowed origin: the browser delivers it only where the
 * parent's origin matches, so nothing reaches a window of any other origin.
 */
function tellParent(message: { type: string }, parentOrigins: readonly string[]): void {
  if (window.parent === window) return;
  for (const origin of new Set([window.location.origin, ...parentOrigins]))
    window.parent.postMessage(message, origin);
}

const digitsOnly = (v: string) => v.replace(/\D/g, "").slice(0, 4);

/**
 * The PIN typed twice (4 digits, masked, numeric keypad). The page checks shape and match here
 * for quick feedback; the provider checks again and also refuses obvious PINs. On success it
 * tells the parent window, and only a window of an origin allowed to frame it: {type: "svc:pin-set"}.
 * Once shown it says {type: "svc:frame-ready"}, so the page around it can tell a frame the
 * browser refused (its frame-ancestors) from one still loading.
 */
export function PinForm({
  heading,
  intro,
  parentOrigins,
  submit,
  viewId,
  formSecret,
  compact,
  autoFocus,
}: PinFormProps) {
  const id = useId();
  const pinRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState("");
  const [confirmPin, setConfirmPin] = useState("");
  const [errors, setErrors] = useState<{ pin?: string; confirmPin?: string; form?: string }>({});
  // Not useAction: the hosted secure page renders on its own, outside the console's providers
  // (no TanStack Query client), as a provider's page would.
  const [pending, setPending] = useState(false);
  // Pressed before hydration, the button would submit the form natively: the page reloaded with the
  // PIN lost (a browser test waited on it in vain). It stays disabled until React runs the form.
  const hydrated = useHydrated();
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const [previewNote, setPreviewNote] = useState(false);

  const originsKey = parentOrigins.join(",");
  useEffect(() => {
    const origins = originsKey.split(",");
    tellParent({ type: "svc:frame-ready" }, origins);
    // The page around may hydrate after this one: it asks again, and gets the same answer.
    function onPing(event: MessageEvent) {
      const data: unknown = event.data;
      if (event.source !== window.parent || typeof data !== "object" || data === null) return;
      if ((data as { type?: unknown }).type === "svc:frame-ping")
        tellParent({ type: "svc:frame-ready" }, origins);
    }
    window.addEventListener("message", onPing);
    return () => window.removeEventListener("message", onPing);
  }, [originsKey]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (pin.length !== 4) {
      setErrors({ pin: "Enter 4 digits." });
      pinRef.current?.focus();
      return;
    }
    if (confirmPin !== pin) {
      setErrors({
        confirmPin:
          confirmPin.length === 4
            ? "The two PINs do not match. Type the same 4 digits again."
            : "Type the same 4 digits again.",
      });
      confirmRef.current?.focus();
      return;
    }
    setErrors({});
    if (!submit || !viewId || !formSecret) {
      setPreviewNote(true);
      return;
    }
    setPending(true);
    const res = await submit({ viewId, formSecret, pin, confirmPin }).catch(() => transportError());
    setPending(false);
    if (res.ok) {
      setPin("");
      setConfirmPin("");
      setPhase({ kind: "done" });
      tellParent({ type: "svc:pin-set" }, parentOrigins);
      return;
    }
    const { code, message, fields } = res.error;
    if (code === "SECURE_VIEW_EXPIRED" || code === "CARD_NOT_ACTIVE") {
      setPhase({ kind: "closed", message });
      return;
    }
    if (fields?.confirmPin) {
      setErrors({ confirmPin: fields.confirmPin });
      confirmRef.current?.focus();
      return;
    }
    // A refused PIN (too obvious): both fields start over.
    setErrors(fields?.pin ? { pin: fields.pin } : { form: message });
    setPin("");
    setConfirmPin("");
    pinRef.current?.focus();
  }

  if (phase.kind === "closed")
    return <SecureNotice title="This link can no longer be used" message={phase.message} />;
  if (phase.kind === "done") {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-2 rounded-(--svc-radius) bg-(--svc-panel) p-5 text-center"
      >
        <CheckCircle2 className="size-8 text-(--svc-accent)" aria-hidden />
        <h1 className="text-base font-semibold">Your PIN is set</h1>
        <p className="text-(--svc-muted)">
          Use it from now on for payments in shops and at ATMs. You can close this window.
        </p>
      </div>
    );
  }

  const input =
    "h-11 w-full rounded-(--svc-radius) border border-(--svc-border) " +
    "bg-(--svc-bg) px-3 text-center font-mono text-xl tracking-[0.5em] " +
    "text-(--svc-text) aria-invalid:border-red-600";
  return (
    // POST: a submit the page does not handle itself (no script) never puts the PIN in a URL.
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className={compact ? "flex flex-col gap-3" : "flex flex-col gap-4"}
      aria-describedby={`${id}-intro`}
    >
      <div className="flex flex-col gap-1">
        <h1 className="text-base font-semibold">{heading}</h1>
        <p id={`${id}-intro`} className="text-(--svc-muted)">
          {intro}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-pin`} className="font-medium">
          New PIN
        </label>
        <input
          ref={pinRef}
          id={`${id}-pin`}
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]{4}"
          maxLength={4}
          value={pin}
          onChange={(e) => setPin(digitsOnly(e.target.value))}
          aria-invalid={errors.pin ? true : undefined}
          aria-describedby={errors.pin ? `${id}-pin-error` : undefined}
          className={input}
          autoFocus={autoFocus}
        />
        {errors.pin ? (
          <p id={`${id}-pin-error`} className="text-red-700">
            {errors.pin}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-confirm`} className="font-medium">
          Confirm PIN
        </label>
        <input
          ref={confirmRef}
          id={`${id}-confirm`}
          name="confirmPin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]{4}"
          maxLength={4}
          value={confirmPin}
          onChange={(e) => setConfirmPin(digitsOnly(e.target.value))}
          aria-invalid={errors.confirmPin ? true : undefined}
          aria-describedby={errors.confirmPin ? `${id}-confirm-error` : undefined}
          className={input}
        />
        {errors.confirmPin ? (
          <p id={`${id}-confirm-error`} className="text-red-700">
            {errors.confirmPin}
          </p>
        ) : null}
      </div>
      {errors.form ? (
        <p role="alert" className="text-red-700">
          {errors.form}
        </p>
      ) : null}
      {previewNote ? (
        <p role="status" className="text-(--svc-muted)">
          Preview only: no PIN was set.
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending || !hydrated}
        aria-busy={pending}
        className={
          "h-11 w-full rounded-(--svc-radius) bg-(--svc-accent) font-medium " +
          "text-(--svc-on-accent) transition-opacity hover:opacity-90 " +
          "disabled:opacity-60"
        }
      >
        {pending ? "Saving…" : "Set PIN"}
      </button>
    </form>
  );
}
