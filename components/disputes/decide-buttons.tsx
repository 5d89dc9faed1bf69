"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { DisputeView } from "@/lib/contracts/disputes";
import { type DisputeActions, useDisputeActions } from "./dispute-actions";

type Move = "under_review" | "won" | "lost";

/** Sandbox: decide an open dispute as the card network would (under review, won, lost). */
export function DecideButtons({ dispute }: { dispute: DisputeView }) {
  const actions = useDisputeActions();
  if (!actions || (dispute.status !== "submitted" && dispute.status !== "under_review")) return null;
  return <Buttons dispute={dispute} decideAction={actions.decide} />;
}

function Buttons({
  dispute,
  decideAction,
}: {
  dispute: DisputeView;
  decideAction: DisputeActions["decide"];
}) {
  const router = useRouter();
  const decide = useAction(decideAction);
  const moves: Move[] = dispute.status === "submitted" ? ["under_review", "won", "lost"] : ["won", "lost"];
  async function run(status: Move) {
    const res = await decide.run({ disputeId: dispute.dispute_id, status });
    if (res.ok) router.refresh();
  }
  return (
    <span className="flex flex-wrap gap-1">
      {moves.map((m) => (
        <Button key={m} size="sm" variant="secondary" disabled={decide.pending} onClick={() => run(m)}>
          {m === "under_review" ? "Review" : m === "won" ? "Win" : "Lose"}
        </Button>
      ))}
      {decide.error ? <span className="text-xs text-danger">{decide.error.message}</span> : null}
    </span>
  );
}
