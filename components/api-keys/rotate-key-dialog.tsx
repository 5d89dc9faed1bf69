"use client";

import { useState, type FormEvent } from "react";
import type { ApiKeyView, RotatedApiKey } from "@/lib/contracts/api-keys";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useAction } from "@/components/ui/use-action";
import { CodeField } from "@/components/ui/code-field";
import { KEY_CODE_HINT } from "./use-code-step";
import { DialogError } from "./dialog-error";
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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = await step.send((code) => action.run({ id: apiKey.id, two_factor_token: code }));
    if (!data) return;
    setRotated(data);
    onChanged(`Rotated key ${apiKey.name}: the old secret no longer works.`);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={returnFocus} onInteractOutside={(e) => rotated && e.preventDefault()}>
        <DialogTitle>{rotated ? `New secret for ${apiKey.name}` : `Rotate ${apiKey.name}`}</DialogTitle>
        <DialogDescription>
          {rotated
            ? "Put the new secret on your servers now. The API key itself has not changed."
            : "You get a new secret. The current secret stops working at once, and " +
              "so do API tokens made with it: update your servers straight away."}
        </DialogDescription>
        {rotated ? (
          <SecretOnce apiKey={rotated.api_key} apiSecret={rotated.api_secret} onDone={onClose} />
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <DialogError error={step.banner} />
            <CodeField
              name="two_factor_token"
              hint={KEY_CODE_HINT}
              value={step.code}
              onChange={step.setCode}
              error={step.codeError}
              inputRef={step.codeInput}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={action.pending} aria-busy={action.pending}>
                Rotate key
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
