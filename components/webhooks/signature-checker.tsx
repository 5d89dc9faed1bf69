"use client";

import { CircleCheck, CircleX } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { headerValue, type Pasted, type Verdict, verdictsOf } from "./signature-verdict";

/**
 * Paste what your endpoint received and the webhook's secret; the check runs in this browser with
 * lib/webhooks/verify.ts and standard-verify.ts (the code receivers can copy), so nothing pasted
 * leaves the page. It accepts X-Svc-Signature, X-Svc-Signature-Previous (a rotation's grace window)
 * and the Standard Webhooks headers, and says which one matched.
 */
export function SignatureChecker() {
  const bodyId = useId();
  const [secret, setSecret] = useState("");
  const [timestamp, setTimestamp] = useState("");
  const [body, setBody] = useState("");
  const [signature, setSignature] = useState("");
  const [previous, setPrevious] = useState("");
  const [webhookId, setWebhookId] = useState("");
  const [webhookTimestamp, setWebhookTimestamp] = useState("");
  const [webhookSignature, setWebhookSignature] = useState("");
  const [verdicts, setVerdicts] = useState<Verdict[]>([]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!globalThis.crypto?.subtle) {
      setVerdicts([
        {
          ok: false,
          scheme: "",
          title: "This browser cannot compute HMACs here.",
          detail: "Web Crypto needs a secure context: open the console over HTTPS or on localhost.",
        },
      ]);
      return;
    }
    const pasted: Pasted = {
      secret: secret.trim(),
      body,
      timestamp: headerValue(timestamp, "x-svc-timestamp"),
      signature: headerValue(signature, "x-svc-signature"),
      previousSignature: headerValue(previous, "x-svc-signature-previous"),
      webhookId: headerValue(webhookId, "webhook-id"),
      webhookTimestamp: headerValue(webhookTimestamp, "webhook-timestamp"),
      webhookSignature: headerValue(webhookSignature, "webhook-signature"),
    };
    setVerdicts(await verdictsOf(pasted));
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <Field
        label="Signing secret"
        name="secret"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        placeholder="whsec_…"
        autoComplete="off"
        spellCheck={false}
        hint="From the webhook's page: View secret."
      />
      <Field
        label="X-Svc-Timestamp"
        name="timestamp"
        value={timestamp}
        onChange={(e) => setTimestamp(e.target.value)}
        inputMode="numeric"
        placeholder="1767607200"
        autoComplete="off"
        hint="Unix seconds, as received."
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={bodyId}>Raw body</Label>
        <textarea
          id={bodyId}
          name="body"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          rows={8}
          spellCheck={false}
          placeholder='{"id":"evt_…","type":"webhook.test",…}'
          aria-describedby={`${bodyId}-hint`}
          className={
            "w-full min-w-0 rounded-md border border-input bg-surface px-3 py-2 " +
            "font-mono text-sm text-foreground placeholder:text-muted " +
            "focus-visible:border-ring"
          }
        />
        <p id={`${bodyId}-hint`} className="text-xs text-muted">
          Exactly as received, before any JSON parsing: one changed space or re-ordered key changes the HMAC.
          (A text box turns line breaks into \n.)
        </p>
      </div>
      <Field
        label="X-Svc-Signature"
        name="signature"
        value={signature}
        onChange={(e) => setSignature(e.target.value)}
        placeholder="sha256=…"
        autoComplete="off"
        spellCheck={false}
      />
      <Field
        label="X-Svc-Signature-Previous (optional)"
        name="previous_signature"
        value={previous}
        onChange={(e) => setPrevious(e.target.value)}
        placeholder="sha256=…"
        autoComplete="off"
        spellCheck={false}
        hint="Sent during a secret rotation's grace window, signed with the old secret."
      />
      <fieldset className="flex min-w-0 flex-col gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-medium text-foreground">
          Standard Webhooks headers (optional)
        </legend>
        <p className="-mt-1 text-xs text-muted">
          Sent when the subscription has Standard Webhooks on. Fill these instead of, or beside, the X-Svc
          ones.
        </p>
        <div className="grid min-w-0 gap-4 sm:grid-cols-2">
          <Field
            label="webhook-id"
            name="webhook_id"
            value={webhookId}
            onChange={(e) => setWebhookId(e.target.value)}
            placeholder="whd_…"
            autoComplete="off"
            spellCheck={false}
          />
          <Field
            label="webhook-timestamp"
            name="webhook_timestamp"
            value={webhookTimestamp}
            onChange={(e) => setWebhookTimestamp(e.target.value)}
            inputMode="numeric"
            placeholder="1767607200"
            autoComplete="off"
          />
        </div>
        <Field
          label="webhook-signature"
          name="webhook_signature"
          value={webhookSignature}
          onChange={(e) => setWebhookSignature(e.target.value)}
          placeholder="v1,…"
          autoComplete="off"
          spellCheck={false}
          hint="One v1,<base64> value, or two separated by a space during a grace window."
        />
      </fieldset>
      <div>
        <Button type="submit">Check signature</Button>
      </div>
      <div role="status" aria-live="polite" className="flex flex-col gap-3">
        {verdicts.map((verdict) => (
          <VerdictBox key={verdict.scheme} verdict={verdict} />
        ))}
      </div>
    </form>
  );
}

function VerdictBox({ verdict }: { verdict: Verdict }) {
  return (
    <div
      className={cn(
        "flex gap-3 rounded-md border px-4 py-3 text-sm",
        verdict.ok ? "border-success-border bg-success-soft" : "border-danger-border bg-danger-soft",
      )}
    >
      {verdict.ok ? (
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
      ) : (
        <CircleX className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
      )}
      <div className="flex min-w-0 flex-col gap-1 text-foreground">
        <p className={`font-medium ${verdict.ok ? "text-success" : "text-danger"}`}>{verdict.title}</p>
        {verdict.detail ? <p>{verdict.detail}</p> : null}
        {verdict.expected ? (
          <p className="flex flex-col gap-1">
            <span>Expected signature for this secret, timestamp and body:</span>
            <code
              data-testid="expected-signature"
              className="rounded border border-border bg-surface px-2 py-1 font-mono text-xs break-all"
            >
              {verdict.expected}
            </code>
          </p>
        ) : null}
      </div>
    </div>
  );
}
