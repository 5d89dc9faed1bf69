"use client";

import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useAction } from "@/components/ui/use-action";
import type { ActionError } from "@/lib/action-result";
import type { WebhookView } from "@/lib/contracts/webhooks";
import { ActionErrorAlert } from "../ui/dialog-error";
import { EventPicker } from "./event-picker";
import { SecretValue } from "./secret-value";
import type { WebhookActions } from "./types";

type FieldErrors = Partial<Record<"url" | "events" | "description", string>>;

interface Props {
  /** The webhook to edit; none: create one. */
  webhook?: WebhookView;
  actions: Pick<WebhookActions, "create" | "update">;
  onClose: () => void;
  /** After a change: a line for the page's status banner. */
  onChanged: (notice: string) => void;
  returnFocus?: (event: Event) => void;
}

/**
 * Create or edit: URL, event types from the catalog, description, enabled. Creation ends on the new secret.
 */
export function WebhookFormDialog({ webhook, actions, onClose, onChanged, returnFocus }: Props) {
  const create = useAction(actions.create);
  const update = useAction(actions.update);
  const [url, setUrl] = useState(webhook?.url ?? "");
  const [events, setEvents] = useState<string[]>(webhook?.events ?? []);
  const [description, setDescription] = useState(webhook?.description ?? "");
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [standard, setStandard] = useState(webhook?.standard_webhooks ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<ActionError | string>();
  const [secret, setSecret] = useState<string>();
  const pending = create.pending || update.pending;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (events.length === 0) {
      setErrors({ events: "Choose at least one event type, or All events." });
      return;
    }
    setErrors({});
    setBanner(undefined);
    const input = { url, events, description, standard_webhooks: standard };
    const res = webhook
      ? await update.run({
          webhookId: webhook.webhook_id,
          ...input,
          enabled: enabled === webhook.enabled ? undefined : enabled,
        })
      : await create.run({ ...input, enabled });
    if (!res.ok) {
      const fields = (res.error.fields ?? {}) as FieldErrors;
      if (fields.url || fields.events || fields.description) setErrors(fields);
      else setBanner(res.error);
      return;
    }
    if (webhook) {
      onChanged(`Saved the webhook to ${res.data.url}.`);
      onClose();
      return;
    }
    onChanged(`Created a webhook to ${res.data.url}.`);
    setSecret("secret" in res.data ? String(res.data.secret) : "");
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-2xl"
        onCloseAutoFocus={returnFocus}
        onInteractOutside={(e) => secret !== undefined && e.preventDefault()}
      >
        <DialogTitle>
          {secret !== undefined ? "Webhook created" : webhook ? "Edit webhook" : "Add a webhook"}
        </DialogTitle>
        <DialogDescription>
          {secret !== undefined
            ? "Your endpoint checks each request's X-Svc-Signature with this secret. " +
              "You can view it again on the webhook's page."
            : "We POST each event as JSON to this URL, signed with the webhook's " +
              "secret, and retry on failure."}
        </DialogDescription>
        {secret !== undefined ? (
          <div className="flex flex-col gap-4">
            <SecretValue secret={secret} />
            <div className="flex justify-end">
              <Button onClick={onClose}>Done</Button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <ActionErrorAlert error={banner} />
            <Field
              label="Endpoint URL"
              name="url"
              type="url"
              inputMode="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com/webhooks/cards"
              autoFocus
              error={errors.url}
              hint="HTTPS on a public address. Redirects are not followed."
            />
            <Field
              label="Description"
              name="description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={500}
              error={errors.description}
              hint="Optional: what this endpoint is for."
            />
            <EventPicker value={events} onChange={setEvents} error={errors.events} />
            <label className="flex items-start gap-2.5">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-current"
                checked={enabled}
                onChange={(e) => setEnabled(e.target.checked)}
              />
              <span className="flex flex-col">
                <span className="text-sm font-medium">Enabled</span>
                <span className="text-xs text-muted">
                  {webhook && !webhook.enabled && webhook.disabled_reason
                    ? `Disabled: ${webhook.disabled_reason} `
                    : ""}
                  A disabled webhook receives nothing; enabling resets its failure count.
                </span>
              </span>
            </label>
            <label className="flex items-start gap-2.5">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-current"
                checked={standard}
                onChange={(e) => setStandard(e.target.checked)}
              />
              <span className="flex flex-col">
                <span className="text-sm font-medium">Standard Webhooks headers</span>
                <span className="text-xs text-muted">
                  Also send webhook-id, webhook-timestamp and webhook-signature, for receivers that use a
                  Standard Webhooks library. The X-Svc headers are always sent.
                </span>
              </span>
            </label>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending} aria-busy={pending}>
                {webhook ? "Save changes" : "Add webhook"}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
