"use client";

import { FlaskConical, Send } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { selectClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { WebhookDeliveryView } from "@/lib/contracts/webhook-deliveries";
import { useUtcRange, UtcRangeFields } from "./utc-range-fields";

export type BackfillAction = Action<
  { webhookId: string; from: string; to: string },
  { webhook_id: string; queued: number; more: boolean }
>;
export type ExampleAction = Action<{ webhookId: string; type: string }, WebhookDeliveryView>;

/**
 * Events this webhook never had (it was created later, or its types left them out) over a range,
 * each sent once however often this runs; and an example of any catalog type (docs/webhooks.md).
 */
export function BackfillForm({
  webhookId,
  eventTypes,
  backfill,
  sendExample,
}: {
  webhookId: string;
  eventTypes: string[];
  backfill: BackfillAction;
  sendExample: ExampleAction;
}) {
  const router = useRouter();
  const sending = useAction(backfill);
  const example = useAction(sendExample);
  const id = useId();
  const range = useUtcRange(7 * 24 * 3_600_000);
  const [type, setType] = useState(eventTypes[0] ?? "");
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string }>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    const res = await sending.run({ webhookId, ...range.range() });
    if (!res.ok) return setMessage({ tone: "error", text: res.error.message });
    const { queued, more } = res.data;
    setMessage({
      tone: "ok",
      text:
        (queued === 0
          ? "Nothing to send: this webhook already had every event of that range it takes."
          : `Queued ${queued} event${queued === 1 ? "" : "s"} this webhook never had.`) +
        (more ? " There are more: send again." : ""),
    });
    router.refresh();
  }

  async function sendOne() {
    setMessage(undefined);
    const res = await example.run({ webhookId, type });
    setMessage(
      res.ok
        ? { tone: "ok", text: `Example ${type} queued as delivery ${res.data.delivery_id}.` }
        : { tone: "error", text: res.error.message },
    );
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex flex-col gap-3" aria-describedby={`${id}-what`}>
        <p id={`${id}-what`} className="text-sm text-muted">
          Events of this range that this webhook takes but never had a delivery of. An event it already had is
          never sent again.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <UtcRangeFields id={id} range={range} />
          <Button type="submit" variant="secondary" disabled={sending.pending} aria-busy={sending.pending}>
            <Send aria-hidden />
            Send missed events
          </Button>
        </div>
      </form>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor={`${id}-type`}>Example of</Label>
          <select
            id={`${id}-type`}
            className={selectClass}
            value={type}
            onChange={(e) => setType(e.target.value)}
          >
            {eventTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          onClick={sendOne}
          disabled={example.pending || !type}
          aria-busy={example.pending}
        >
          <FlaskConical aria-hidden />
          Send example
        </Button>
      </div>
      <p role="status" className={message?.tone === "error" ? "text-sm text-danger" : "text-sm text-success"}>
        {message?.text}
      </p>
    </div>
  );
}
