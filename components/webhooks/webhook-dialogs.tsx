"use client";

import { type ReactNode, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useAction } from "@/components/ui/use-action";
import type { WebhookView } from "@/lib/contracts/webhooks";
import { ActionErrorAlert } from "../ui/dialog-error";
import { SecretValue } from "./secret-value";
import type { WebhookActions } from "./types";

type ReturnFocus = (event: Event) => void;

function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/** The secret is fetched when the dialog opens, so it never sits in the page's HTML. */
export function ViewSecretDialog({
  webhook,
  reveal,
  onClose,
  returnFocus,
}: {
  webhook: WebhookView;
  reveal: WebhookActions["reveal"];
  onClose: () => void;
  returnFocus: ReturnFocus;
}) {
  const action = useAction(reveal);
  const { run } = action;
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    void run({ webhookId: webhook.webhook_id }).then((res) => {
      if (!live) return;
      if (res.ok) setSecret(res.data.secret);
      else setError(res.error.message);
    });
    return () => {
      live = false;
    };
  }, [run, webhook.webhook_id]);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogTitle>Signing secret</DialogTitle>
        <DialogDescription>
          Your endpoint computes the HMAC-SHA256 of “timestamp.body” with this secret and compares it with
          X-Svc-Signature.
        </DialogDescription>
        <ActionErrorAlert error={error} />
        {secret ? (
          <SecretValue secret={secret} />
        ) : !error ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : null}
        <Actions>
          <Button onClick={onClose}>Done</Button>
        </Actions>
      </DialogContent>
    </Dialog>
  );
}

/** Deleting removes the subscription and its delivery log; pending deliveries are not sent. */
export function DeleteWebhookDialog({
  webhook,
  remove,
  onClose,
  onDeleted,
}: {
  webhook: WebhookView;
  remove: WebhookActions["remove"];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const action = useAction(remove);
  const [error, setError] = useState<string>();
  async function confirm() {
    setError(undefined);
    const res = await action.run({ webhookId: webhook.webhook_id });
    if (!res.ok) return setError(res.error.message);
    onDeleted();
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Delete this webhook?</DialogTitle>
        <DialogDescription>
          <span className="font-mono break-all">{webhook.url}</span> stops receiving events, and its delivery
          log is deleted with it. This cannot be undone; to pause deliveries instead, disable the webhook.
        </DialogDescription>
        <ActionErrorAlert error={error} />
        <Actions>
          <Button variant="secondary" onClick={onClose} disabled={action.pending} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={action.pending} aria-busy={action.pending}>
            Delete webhook
          </Button>
        </Actions>
      </DialogContent>
    </Dialog>
  );
}
