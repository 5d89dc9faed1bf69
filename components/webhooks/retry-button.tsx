"use client";

import { RotateCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { RetryAction } from "./types";

/** Sends a delivery again now (same event id and bytes); the page then polls until the outcome is in. */
export function RetryButton({
  deliveryId,
  retry,
  label = "Retry",
  describedBy,
  compact = false,
}: {
  deliveryId: string;
  retry: RetryAction;
  label?: string;
  describedBy?: string;
  /** In a table row: the icon alone (the accessible name and the tooltip still say what it does). */
  compact?: boolean;
}) {
  const router = useRouter();
  const action = useAction(retry);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string }>();
  async function run() {
    setMessage(undefined);
    const res = await action.run({ deliveryId });
    setMessage(res.ok ? { tone: "ok", text: "Queued." } : { tone: "error", text: res.error.message });
    router.refresh();
  }
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        size={compact ? "icon" : "sm"}
        onClick={run}
        disabled={action.pending}
        aria-busy={action.pending}
        aria-describedby={describedBy}
        aria-label={compact ? `${label} ${deliveryId}` : undefined}
        title={compact ? label : undefined}
      >
        <RotateCw aria-hidden />
        {compact ? null : label}
      </Button>
      <span
        role="status"
        className={message?.tone === "error" ? "text-xs text-danger" : "text-xs text-muted"}
      >
        {message?.text ?? ""}
      </span>
    </span>
  );
}
