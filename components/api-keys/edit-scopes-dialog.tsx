"use client";

import { useState, type FormEvent } from "react";
import { permissionsSchema, type ApiKeyView } from "@/lib/contracts/api-keys";
import type { Scope } from "@/lib/scopes";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useAction } from "@/components/ui/use-action";
import { CodeField } from "@/components/ui/code-field";
import { KEY_CODE_HINT } from "./use-code-step";
import { DialogError } from "./dialog-error";
import { ScopeCheckboxes } from "./scope-checkboxes";
import type { ApiKeyActions, OnKeyChanged, ReturnFocus } from "./types";
import { useCodeStep } from "./use-code-step";

export function EditScopesDialog({
  apiKey,
  setPermissions,
  onClose,
  onChanged,
  returnFocus,
}: {
  apiKey: ApiKeyView;
  setPermissions: ApiKeyActions["setPermissions"];
  onClose: () => void;
  onChanged: OnKeyChanged;
  returnFocus: ReturnFocus;
}) {
  const action = useAction(setPermissions);
  const step = useCodeStep();
  const [scopes, setScopes] = useState<Scope[]>(apiKey.permissions);
  const [scopesError, setScopesError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = permissionsSchema.safeParse(scopes);
    if (!parsed.success) {
      setScopesError(parsed.error.issues[0]?.message);
      return;
    }
    if (parsed.data.join() === apiKey.permissions.join()) {
      setScopesError("These are the key's scopes already: tick or untick at least one.");
      return;
    }
    setScopesError(undefined);
    const data = await step.send((code) =>
      action.run({ id: apiKey.id, permissions: parsed.data, two_factor_token: code }),
    );
    if (!data) return;
    onChanged(`Changed the scopes of ${apiKey.name} to ${data.permissions.join(", ")}.`);
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogTitle>Scopes of {apiKey.name}</DialogTitle>
        <DialogDescription>
          What this key may do. The change applies to the key and its API tokens from their next request.
        </DialogDescription>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogError error={step.banner} />
          <ScopeCheckboxes value={scopes} onChange={setScopes} error={scopesError} />
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
            <Button type="submit" disabled={action.pending} aria-busy={action.pending}>
              Save scopes
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
