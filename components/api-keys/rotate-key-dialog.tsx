"use client";

import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useAction } from "@/components/ui/use-action";
import type { ApiKeyView, RotatedApiKey } from "@/lib/contracts/api-keys";
import { DialogError } from "./dialog-error";
import { KeyCodeField } from "./key-code-field";
import { SecretOnce } from "./secret-once";
import type { ApiKeyActions, OnKeyChanged, ReturnFocus } from "./types";
import { useCodeStep } from "./use-code-step";

/** Confirm with a code, then the new secret, shown once. The key id and api_key stay the same. */
export function RotateKeyDialog({
  apiKey,
  rotate,
  onClose,
  onChanged,
  returnFocus,
}: {
  apiKey: ApiKeyView;
  rotate: ApiKeyActions["rotate"];
  onClose: () => void;
  onChanged: OnKeyChanged;
  returnFocus: ReturnFocus;
}) {
  const action = useAction(rotate);
  const step = useCodeStep();
  const [rotated, setRotated] = useState<RotatedApiKey>();

  async function submit() {
    const data = await step.send((code) => action.run({ id: apiKey.id, two_factor_token: code }));
    if (!data) return;
    setRotated(data);
    onChanged(`Rotated key ${apiKey.name}: the old secret no longer works.`);
  }

  return (
    <ConfirmDialog
      title={rotated ? `New secret for ${apiKey.name}` : `Rotate ${apiKey.name}`}
      description={
        rotated
          ? "Put the new secret on your servers now. The API key itself has not changed."
          : "You get a new secret. The current secret stops working at once, and " +
            "so do API tokens made with it: update your servers straight away."
      }
      error={<DialogError error={step.banner} />}
      confirmLabel="Rotate key"
      pending={action.pending}
      onConfirm={submit}
      onClose={onClose}
      returnFocus={returnFocus}
      done={
        rotated ? (
          <SecretOnce apiKey={rotated.api_key} apiSecret={rotated.api_secret} onDone={onClose} />
        ) : undefined
      }
    >
      <KeyCodeField step={step} />
    </ConfirmDialog>
  );
}
