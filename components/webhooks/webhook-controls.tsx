"use client";

import { Eye, Pencil, Power, RefreshCw, Send, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { WebhookView } from "@/lib/contracts/webhooks";
import { ActionErrorAlert } from "../ui/dialog-error";
import { deliveryHref } from "./hrefs";
import { RotateSecretDialog, SecretGraceNotice } from "./rotate-secret-dialog";
import type { WebhookActions } from "./types";
import { DeleteWebhookDialog, ViewSecretDialog } from "./webhook-dialogs";
import { WebhookFormDialog } from "./webhook-form-dialog";

type Open = "edit" | "secret" | "rotate" | "delete" | null;

/** A webhook's buttons and their dialogs; after each change the server page re-renders. */
export function WebhookControls({ webhook, actions }: { webhook: WebhookView; actions: WebhookActions }) {
  const router = useRouter();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<{ text: string; deliveryId?: string }>();
  const opener = useRef<HTMLElement | null>(null);
  const sendTest = useAction(actions.sendTest);
  const update = useAction(actions.update);
  const [error, setError] = useState<string>();

  const show = (which: Exclude<Open, null>) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setNotice(undefined);
    setError(undefined);
    setOpen(which);
  };
  const close = () => setOpen(null);
  const returnFocus = (e: Event) => {
    e.preventDefault();
    opener.current?.focus();
  };
  const changed = (text: string) => {
    setNotice({ text });
    router.refresh();
  };

  async function test() {
    setNotice(undefined);
    setError(undefined);
    const res = await sendTest.run({ webhookId: webhook.webhook_id });
    if (!res.ok) return setError(res.error.message);
    setNotice({ text: "Test event queued as delivery", deliveryId: res.data.delivery_id });
    router.refresh();
  }

  async function toggle() {
    setNotice(undefined);
    setError(undefined);
    const res = await update.run({ webhookId: webhook.webhook_id, enabled: !webhook.enabled });
    if (!res.ok) return setError(res.error.message);
    changed(
      res.data.enabled
        ? "Enabled: events are delivered again, and the failure count starts from 0."
        : "Disabled: nothing is sent until you enable it.",
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={test}
          disabled={sendTest.pending || !webhook.enabled}
          aria-busy={sendTest.pending}
          title={webhook.enabled ? undefined : "Enable the webhook to send a test event"}
        >
          <Send aria-hidden />
          Send test event
        </Button>
        <Button variant="secondary" onClick={() => show("edit")}>
          <Pencil aria-hidden />
          Edit
        </Button>
        <Button variant="secondary" onClick={toggle} disabled={update.pending} aria-busy={update.pending}>
          <Power aria-hidden />
          {webhook.enabled ? "Disable" : "Enable"}
        </Button>
        <Button variant="secondary" onClick={() => show("secret")}>
          <Eye aria-hidden />
          View secret
        </Button>
        <Button variant="secondary" onClick={() => show("rotate")}>
          <RefreshCw aria-hidden />
          Rotate secret
        </Button>
        <Button variant="secondary" className="text-danger" onClick={() => show("delete")}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
      <SecretGraceNotice webhook={webhook} endGrace={actions.endGrace} onChanged={changed} />
      <ActionErrorAlert error={error} />
      {notice ? (
        <Alert tone="success">
          {notice.text}
          {notice.deliveryId ? (
            <>
              {" "}
              <Link
                href={deliveryHref(notice.deliveryId)}
                className="font-mono font-medium underline"
                data-testid="test-delivery-id"
              >
                {notice.deliveryId}
              </Link>
              . It shows up in the log below.
            </>
          ) : null}
        </Alert>
      ) : null}

      {open === "edit" ? (
        <WebhookFormDialog
          webhook={webhook}
          actions={actions}
          onClose={close}
          onChanged={changed}
          returnFocus={returnFocus}
        />
      ) : null}
      {open === "secret" ? (
        <ViewSecretDialog
          webhook={webhook}
          reveal={actions.reveal}
          onClose={close}
          returnFocus={returnFocus}
        />
      ) : null}
      {open === "rotate" ? (
        <RotateSecretDialog
          webhook={webhook}
          rotate={actions.rotate}
          onClose={close}
          onChanged={changed}
          returnFocus={returnFocus}
        />
      ) : null}
      {open === "delete" ? (
        <DeleteWebhookDialog
          webhook={webhook}
          remove={actions.remove}
          onClose={close}
          onDeleted={() => {
            router.push("/developers/webhooks?deleted=1");
          }}
        />
      ) : null}
    </div>
  );
}
