"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useAction } from "@/components/ui/use-action";
import { type ApiKeyView, permissionsSchema } from "@/lib/contracts/api-keys";
import type { Scope } from "@/lib/scopes";
import { humanErrorMap } from "@/lib/validation-messages";
import { DialogError } from "./dialog-error";
import { KeyCodeField } from "./key-code-field";
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

  async function submit() {
    const parsed = permissionsSchema.safeParse(scopes, { error: humanErrorMap });
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
    <ConfirmDialog
      title={`Scopes of ${apiKey.name}`}
      description="What this key may do. The change applies to the key and its API tokens from their next request."
      error={<DialogError error={step.banner} />}
      confirmLabel="Save scopes"
      pending={action.pending}
      onConfirm={submit}
      onClose={onClose}
      returnFocus={returnFocus}
    >
      <ScopeCheckboxes value={scopes} onChange={setScopes} error={scopesError} />
      <KeyCodeField step={step} autoFocus={false} />
    </ConfirmDialog>
  );
}
