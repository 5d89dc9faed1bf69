"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { ApiKeyView } from "@/lib/contracts/api-keys";
import { DialogError } from "./dialog-error";
import { KeyCodeField } from "./key-code-field";
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

  async function submit() {
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
    <ConfirmDialog
      title={`Revoke ${apiKey.name}`}
      description={
        "Revoking is immediate and permanent: requests with this key, and API tokens made with it, are " +
        "refused from now on. It cannot be undone; a revoked key stays in the list for the record."
      }
      error={<DialogError error={step.banner} />}
      confirmLabel="Revoke key"
      tone="danger"
      pending={action.pending}
      onConfirm={submit}
      onClose={onClose}
      returnFocus={returnFocus}
    >
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
      <KeyCodeField step={step} autoFocus={false} />
    </ConfirmDialog>
  );
}
