"use client";

import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CODE_SHAPE_MESSAGE, CodeField, isCodeShaped, normalizeCode } from "@/components/ui/code-field";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { ActionError } from "@/lib/action-result";
import { createApiKeySchema, type CreatedApiKey } from "@/lib/contracts/api-keys";
import type { Scope } from "@/lib/scopes";
import { humanErrorMap } from "@/lib/validation-messages";
import { DialogError } from "./dialog-error";
import { ScopeCheckboxes } from "./scope-checkboxes";
import { SecretOnce } from "./secret-once";
import type { ApiKeyActions, OnKeyChanged, ReturnFocus } from "./types";
import { KEY_CODE_HINT } from "./use-code-step";

const detailsSchema = createApiKeySchema.omit({ two_factor_token: true });
type Details = { name: string; permissions: Scope[]; expires_in_days?: number };
type FieldErrors = Partial<Record<"name" | "permissions" | "expires_in_days" | "two_factor_token", string>>;

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? "_")] ??= issue.message;
  return out;
}

/** Empty means "never expires"; anything else must be whole days (the schema says how many). */
function parseDays(typed: string): number | undefined | "invalid" {
  const t = typed.trim();
  if (t === "") return undefined;
  return /^\d+$/.test(t) ? Number(t) : "invalid";
}

/**
 * Name, scopes and expiry; then the authenticator code in the same dialog; then the new key pair,
 * shown once. A refused code keeps the dialog on the code step.
 */
export function CreateKeyDialog({
  create,
  onClose,
  onChanged,
  returnFocus,
}: {
  create: ApiKeyActions["create"];
  onClose: () => void;
  onChanged: OnKeyChanged;
  returnFocus: ReturnFocus;
}) {
  const action = useAction(create);
  const [step, setStep] = useState<"details" | "code" | "secret">("details");
  const [name, setName] = useState("");
  const [permissions, setPermissions] = useState<Scope[]>([]);
  const [days, setDays] = useState("");
  const [details, setDetails] = useState<Details>();
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ActionError | string>();
  const [created, setCreated] = useState<CreatedApiKey>();
  const codeInput = useRef<HTMLInputElement>(null);

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const expires = parseDays(days);
    if (expires === "invalid") {
      setErrors({
        expires_in_days: "Whole days, e.g. 90; or leave it empty for a key that does not expire.",
      });
      return;
    }
    const parsed = detailsSchema.safeParse(
      { name, permissions, expires_in_days: expires },
      { error: humanErrorMap },
    );
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBanner(undefined);
    setDetails(parsed.data);
    setStep("code");
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!details) return;
    const typed = normalizeCode(code);
    if (!isCodeShaped(typed)) {
      setErrors({ two_factor_token: CODE_SHAPE_MESSAGE });
      codeInput.current?.focus();
      return;
    }
    setErrors({});
    setBanner(undefined);
    const res = await action.run({ ...details, two_factor_token: typed });
    if (res.ok) {
      setCreated(res.data);
      setStep("secret");
      onChanged(`Created key ${res.data.name}.`);
      return;
    }
    setCode("");
    const fields = (res.error.fields ?? {}) as FieldErrors;
    if (fields.name || fields.permissions || fields.expires_in_days) {
      setErrors(fields);
      setStep("details");
      return;
    }
    if (fields.two_factor_token) setErrors({ two_factor_token: fields.two_factor_token });
    else setBanner(res.error);
    codeInput.current?.focus();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={returnFocus}
        // The secret is on screen once: a stray click beside the dialog must not throw it away.
        onInteractOutside={(e) => step === "secret" && e.preventDefault()}
      >
        <DialogTitle>
          {step === "secret" ? `Key “${created?.name}” created` : "Create an API key"}
        </DialogTitle>
        <DialogDescription>
          {step === "details"
            ? "A key pair for one of your servers. Give it only the scopes it needs."
            : step === "code"
              ? `Confirm the new key “${details?.name}” ` +
                `(${details?.permissions.join(", ")}) with your authenticator.`
              : "Store the secret in your server's secret manager before you close this dialog."}
        </DialogDescription>

        {step === "details" ? (
          <form onSubmit={next} className="flex flex-col gap-4" noValidate>
            <DialogError error={banner} />
            <Field
              label="Name"
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              autoFocus
              error={errors.name}
              hint="Say which system uses it, e.g. “Billing server”."
            />
            <ScopeCheckboxes value={permissions} onChange={setPermissions} error={errors.permissions} />
            <Field
              label="Expires after (days)"
              name="expires_in_days"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              inputMode="numeric"
              placeholder="Never"
              error={errors.expires_in_days}
              hint="Optional, 1 to 3650. Empty: the key does not expire."
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Continue</Button>
            </div>
          </form>
        ) : null}

        {step === "code" ? (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <DialogError error={banner} />
            <CodeField
              name="two_factor_token"
              hint={KEY_CODE_HINT}
              value={code}
              onChange={setCode}
              error={errors.two_factor_token}
              inputRef={codeInput}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setStep("details")} disabled={action.pending}>
                Back
              </Button>
              <Button type="submit" disabled={action.pending} aria-busy={action.pending}>
                Create key
              </Button>
            </div>
          </form>
        ) : null}

        {step === "secret" && created ? (
          <SecretOnce apiKey={created.api_key} apiSecret={created.api_secret} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
