"use client";

import { useState, type FormEvent } from "react";
import type { ApiKeyView } from "@/lib/contracts/api-keys";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import { CodeField } from "@/components/ui/code-field";
import { KEY_CODE_HINT } from "./use-code-step";
import { DialogError } from "./dialog-error";
import type { ApiKeyActions, OnKeyChanged, ReturnFocus } from "./types";
import { useCodeStep } from "./use-code-step";

/** Permanent, so the admin types the key's name as well as a code. */
export function RevokeKeyDialog({
  apiKey,
  revoke,
  onClose,
  onChanged,
  returnFocus,
}: {
  apiKey: ApiKeyView;
  revoke: ApiKeyActions["revoke"];
  onClose: () => void;
  onChanged: OnKeyChanged;
  returnFocus: ReturnFocus;
}) {
  const action = useAction(revoke);
  const step = useCodeStep();
  const [typedName, setTypedName] = useState("");
  const [nameError, setNameError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typedName.trim() !== apiKey.name) {
      setNameError(`Type the name exactly as shown: ${apiKey.name}`);
      return;
    }
    setNameError(undefined);
    const data = await step.send((code) => action.run({ id: apiKey.id, two_factor_token: code }));
    if (!data) return;
    onChanged(`Revoked key ${apiKey.name}. Requests with it are refused from now on.`, { keyGone: true });
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogTitle>Revoke {apiKey.name}</DialogTitle>
        <DialogDescription>
          Revoking is immediate and permanent: requests with this key, and API tokens made with it, are
          refused from now on. It cannot be undone; a revoked key stays in the list for the record.
        </DialogDescription>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogError error={step.banner} />
          <Field
            label="Type the key name to confirm"
            name="confirm_name"
            value={typedName}
            onChange={(e) => setTypedName(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            error={nameError}
            hint={
              <>
                The name is <strong className="font-medium text-foreground">{apiKey.name}</strong>
              </>
            }
          />
          <CodeField
            name="two_factor_token"
            hint={KEY_CODE_HINT}
            value={step.code}
            onChange={step.setCode}
            error={step.codeError}
            inputRef={step.codeInput}
            autoFocus={false}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={action.pending} aria-busy={action.pending}>
              Revoke key
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
