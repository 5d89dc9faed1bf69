"use client";

import { CircleCheck, CircleX } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import {
  computeWebhookSignature,
  constantTimeEqual,
  SIGNATURE_TOLERANCE_SECONDS,
  verifyWebhookSignature,
} from "@/lib/webhooks/verify";

interface Verdict {
  ok: boolean;
  title: string;
  detail?: string;
  /** The signature this secret, timestamp and body give, when the comparison got that far. */
  expected?: string;
}

/** A header pasted whole ("X-Svc-Signature: sha256=...") is accepted as well as its value. */
const headerValue = (typed: string, name: string) =>
  typed.trim().replace(new RegExp(`^${name}\\s*:\\s*`, "i"), "");

async function check(secret: string, timestamp: string, body: string, signature: string): Promise<Verdict> {
  const result = await verifyWebhookSignature({ secret, body, timestamp, signature });
  if (result.ok)
    return {
      ok: true,
      title: "The signature matches.",
      detail: "This request was signed with this secret, the body is unchanged, and the timestamp is recent.",
    };
  switch (result.reason) {
    case "missing_header":
      return { ok: false, title: "Something is missing.", detail: result.message };
    case "malformed_signature":
      return {
        ok: false,
        title: "Wrong signature format.",
        detail: `${result.message} Paste the X-Svc-Signature header's value, e.g. sha256=3f1c…`,
      };
    case "malformed_timestamp":
      return {
        ok: false,
        title: "Wrong timestamp format.",
        detail:
          `${result.message} Paste the X-Svc-Timestamp header's value, ` +
          `e.g. ${Math.floor(Date.now() / 1000)}.`,
      };
    case "timestamp_out_of_tolerance": {
      // Still worth knowing whether the HMAC itself is right: then only the age is the problem.
      const expected = await computeWebhookSignature(secret, timestamp, body);
      const hmacOk = constantTimeEqual(expected, signature);
      return {
        ok: false,
        title: `Timestamp outside ${SIGNATURE_TOLERANCE_SECONDS} s.`,
        detail:
          `${result.message} ` +
          (hmacOk
            ? "The HMAC itself matches: only the age of the request is refused."
            : "The HMAC does not match either."),
        expected: hmacOk ? undefined : expected,
      };
    }
    case "signature_mismatch":
      return {
        ok: false,
        title: "The HMAC differs.",
        detail: result.message,
        expected: await computeWebhookSignature(secret, timestamp, body),
      };
  }
}

/**
 * Paste what your endpoint received and the webhook's secret; the check runs in this browser with
 * lib/webhooks/verify.ts (the same code receivers can copy), so nothing pasted leaves the page.
 */
export function SignatureChecker() {
  const bodyId = useId();
  const [secret, setSecret] = useState("");
  const [timestamp, setTimestamp] = useState("");
  const [body, setBody] = useState("");
  const [signature, setSignature] = useState("");
  const [verdict, setVerdict] = useState<Verdict>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!globalThis.crypto?.subtle) {
      setVerdict({
        ok: false,
        title: "This browser cannot compute HMACs here.",
        detail: "Web Crypto needs a secure context: open the console over HTTPS or on localhost.",
      });
      return;
    }
    setVerdict(
      await check(
        secret.trim(),
        headerValue(timestamp, "x-svc-timestamp"),
        body,
        headerValue(signature, "x-svc-signature"),
      ),
    );
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
      <div>
        <Button type="submit">Check signature</Button>
      </div>
      <div role="status" aria-live="polite">
        {verdict ? (
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
        ) : null}
      </div>
    </form>
  );
}
