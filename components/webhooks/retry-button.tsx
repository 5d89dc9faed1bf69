"use client";

import { RotateCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import type { RetryAction } from "./types";

/** Sends a delivery again now (same event id and bytes); the page then polls until the outcome is in. */
export function RetryButton({ deliveryId, retry, label = "Retry", describedBy }: { deliveryId: string; retry: RetryAction; label?: string; describedBy?: string }) {
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
      <Button variant="secondary" size="sm" onClick={run} disabled={action.pending} aria-busy={action.pending} aria-describedby={describedBy}>
        <RotateCw aria-hidden />
        {label}
      </Button>
      <span role="status" className={message?.tone === "error" ? "text-xs text-danger" : "text-xs text-muted"}>
        {message?.text ?? ""}
      </span>
    </span>
  );
}
