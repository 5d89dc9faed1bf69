"use client";

import { History } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import { useUtcRange, UtcRangeFields } from "./utc-range-fields";

export type ReplayAction = Action<
  { webhookId: string; from: string; to: string },
  { job_id: string; from: string; to: string }
>;

/**
 * Bulk replay: the webhook's deliveries that failed for good and were created in the chosen time
 * range get one more attempt each, queued by the worker (the API's POST .../replay).
 */
export function ReplayForm({ webhookId, replay }: { webhookId: string; replay: ReplayAction }) {
  const router = useRouter();
  const action = useAction(replay);
  const id = useId();
  const range = useUtcRange(24 * 3_600_000);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string }>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    const res = await action.run({
      webhookId,
      ...range.range(),
    });
    setMessage(
      res.ok
        ? { tone: "ok", text: "Replay queued: the failed deliveries of that range are being sent again." }
        : { tone: "error", text: res.error.message },
    );
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-describedby={`${id}-what`}>
      <p id={`${id}-what`} className="text-sm text-muted">
        Status: failed. Every delivery of this webhook that failed for good and was created in this range is
        sent once more.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <UtcRangeFields id={id} range={range} />
        <Button type="submit" variant="secondary" disabled={action.pending} aria-busy={action.pending}>
          <History aria-hidden />
          Replay failed deliveries
        </Button>
      </div>
      <p role="status" className={message?.tone === "error" ? "text-sm text-danger" : "text-sm text-success"}>
        {message?.text}
      </p>
    </form>
  );
}
