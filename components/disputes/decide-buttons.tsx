"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { DisputeView } from "@/lib/contracts/disputes";
import { Button } from "@/components/ui/button";
import { useDisputeActions } from "./dispute-actions";

/** Sandbox: decide an open dispute as the card network would (under review, won, lost). */
export function DecideButtons({ dispute }: { dispute: DisputeView }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const actions = useDisputeActions();
  if (!actions || (dispute.status !== "submitted" && dispute.status !== "under_review")) return null;
  const moves = (dispute.status === "submitted" ? ["under_review", "won", "lost"] : ["won", "lost"]) as (
    "under_review" | "won" | "lost"
  )[];
  async function decide(status: "under_review" | "won" | "lost") {
    setBusy(true);
    const res = await actions!.decide({ disputeId: dispute.dispute_id, status }).catch(() => null);
    setBusy(false);
    if (!res?.ok) return setError(res?.error.message ?? "Could not reach the server.");
    router.refresh();
  }
  return (
    <span className="flex flex-wrap gap-1">
      {moves.map((m) => (
        <Button key={m} size="sm" variant="secondary" disabled={busy} onClick={() => decide(m)}>
          {m === "under_review" ? "Review" : m === "won" ? "Win" : "Lose"}
        </Button>
      ))}
      {error ? <span className="text-xs text-danger">{error}</span> : null}
    </span>
  );
}
