"use client";

import { useState } from "react";
import { useStepUp } from "@/components/step-up-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Timestamp } from "@/components/ui/timestamp";
import { useAction } from "@/components/ui/use-action";
import { DEFAULT_WEBHOOK_GRACE_HOURS, MAX_WEBHOOK_GRACE_HOURS } from "@/lib/contracts/webhook-rotation";
import type { WebhookView } from "@/lib/contracts/webhooks";
import { ActionErrorAlert } from "../ui/dialog-error";
import { SecretValue } from "./secret-value";
import type { WebhookActions } from "./types";

/**
 * The new secret signs X-Svc-Signature at once; the old one keeps signing X-Svc-Signature-Previous
 * for the hours chosen (docs/webhooks.md, Rotating the secret). Confirmed with a 2FA code.
 */
export function RotateSecretDialog({
  webhook,
  rotate,
  onClose,
  onChanged,
  returnFocus,
}: {
  webhook: WebhookView;
  rotate: WebhookActions["rotate"];
  onClose: () => void;
  onChanged: (notice: string) => void;
  returnFocus: (event: Event) => void;
}) {
  const guarded = useStepUp();
  const action = useAction((input: Parameters<typeof rotate>[0]) => guarded(() => rotate(input)));
  const [hours, setHours] = useState(String(DEFAULT_WEBHOOK_GRACE_HOURS));
  const [done, setDone] = useState<{ secret: string; until: string | null }>();
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();

  async function confirm() {
    setError(undefined);
    const n = Number(hours);
    if (!/^\d+$/.test(hours.trim()) || n > MAX_WEBHOOK_GRACE_HOURS)
      return setFieldError(`A whole number of hours from 0 to ${MAX_WEBHOOK_GRACE_HOURS} (7 days).`);
    setFieldError(undefined);
    const res = await action.run({ webhookId: webhook.webhook_id, grace_period_hours: n });
    if (!res.ok) return setError(res.error.message);
    setDone({ secret: res.data.secret, until: res.data.previous_secret_expires_at });
    onChanged("Rotated the signing secret.");
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={returnFocus} onInteractOutside={(e) => done && e.preventDefault()}>
        <DialogTitle>{done ? "New signing secret" : "Rotate the signing secret?"}</DialogTitle>
        <DialogDescription>
          {done ? "Put it in your endpoint's configuration." : `For ${webhook.url}.`}
        </DialogDescription>
        <ActionErrorAlert error={error} />
        {done ? (
          <>
            <SecretValue secret={done.secret} />
            <Alert tone={done.until ? "info" : "warning"}>
              {done.until ? (
                <>
                  The old secret keeps signing <code>X-Svc-Signature-Previous</code> until{" "}
                  <Timestamp iso={done.until} seconds={false} />; after that only the new one signs.
                </>
              ) : (
                "The old secret stopped signing at once."
              )}
            </Alert>
            <div className="flex justify-end">
              <Button onClick={onClose}>Done</Button>
            </div>
          </>
        ) : (
          <>
            <Field
              label="Old secret keeps signing for (hours)"
              inputMode="numeric"
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              error={fieldError}
              hint={
                "0 to 168 (7 days). Meanwhile each delivery carries X-Svc-Signature (new secret) and " +
                "X-Svc-Signature-Previous (old secret), so your endpoint keeps verifying until you switch it. " +
                "0 stops the old secret at once."
              }
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={action.pending}>
                Cancel
              </Button>
              <Button onClick={confirm} disabled={action.pending} aria-busy={action.pending}>
                Rotate secret
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** While a rotation's grace window is open: when the old secret stops signing, and "End now". */
export function SecretGraceNotice({
  webhook,
  endGrace,
  onChanged,
}: {
  webhook: WebhookView;
  endGrace: WebhookActions["endGrace"];
  onChanged: (notice: string) => void;
}) {
  const guarded = useStepUp();
  const action = useAction((input: Parameters<typeof endGrace>[0]) => guarded(() => endGrace(input)));
  const [error, setError] = useState<string>();
  if (!webhook.previous_secret_expires_at) return null;
  async function end() {
    setError(undefined);
    const res = await action.run({ webhookId: webhook.webhook_id });
    if (!res.ok) return setError(res.error.message);
    onChanged("The previous secret no longer signs.");
  }
  return (
    <Alert tone="info" className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <span data-testid="secret-grace">
        The previous secret still signs (<code>X-Svc-Signature-Previous</code>) until{" "}
        <Timestamp iso={webhook.previous_secret_expires_at} seconds={false} />.
      </span>
      <Button variant="secondary" onClick={end} disabled={action.pending} aria-busy={action.pending}>
        End now
      </Button>
      <ActionErrorAlert error={error} />
    </Alert>
  );
}
