"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { DisputeView } from "@/lib/contracts/disputes";
import { formatMinor } from "@/lib/money";
import { type DisputeActions, useDisputeActions } from "./dispute-actions";
import { DisputeClaimFields, useDisputeClaim } from "./dispute-claim-fields";
import { DISPUTE_REASON_TEXT, DISPUTE_STATUS_TEXT } from "./labels";
import { disputeHref } from "./links";

const OPEN = new Set(["submitted", "under_review"]);

/**
 * The transaction sheet's disputes: each dispute of the transaction with its status, and on a
 * settled purchase without an open one, a small form to file one (reason, what happened, amount).
 */
export function DisputeSection({ transaction }: { transaction: DisputedTransaction }) {
  const actions = useDisputeActions();
  if (!actions) return null;
  return <Section transaction={transaction} actions={actions} />;
}

interface DisputedTransaction {
  transaction_id: string;
  svc_card_id: string;
  type: string;
  status: string;
  amount_minor: number;
  currency: string;
}

function Section({ transaction: t, actions }: { transaction: DisputedTransaction; actions: DisputeActions }) {
  const [disputes, setDisputes] = useState<DisputeView[]>();
  const [open, setOpen] = useState(false);
  const claim = useDisputeClaim();
  const file = useAction(actions.file);

  useEffect(() => {
    let live = true;
    void actions.ofTransaction({ transactionId: t.transaction_id }).then((res) => {
      if (live && res.ok) setDisputes(res.data.disputes);
    });
    return () => {
      live = false;
    };
  }, [t.transaction_id, actions]);

  const disputable = t.type === "purchase" && t.status === "settled";
  const hasOpen = disputes?.some((d) => OPEN.has(d.status));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const res = await file.run({
      svcCardId: t.svc_card_id,
      transactionId: t.transaction_id,
      ...claim.input(),
    });
    if (!res.ok) return;
    setDisputes((d) => [res.data, ...(d ?? [])]);
    setOpen(false);
  }

  if (!disputable && !disputes?.length) return null;
  return (
    <section aria-labelledby="txn-disputes" className="flex flex-col gap-2">
      <h3 id="txn-disputes" className="text-xs font-medium tracking-wide text-muted uppercase">
        Disputes
      </h3>
      {disputes?.map((d) => (
        <Link
          key={d.dispute_id}
          href={disputeHref(d.dispute_id)}
          className="flex flex-col gap-1 rounded-md border border-border px-3 py-2 text-sm hover:bg-surface-muted"
          data-testid="dispute"
        >
          <span className="flex flex-wrap items-center gap-2">
            {OPEN.has(d.status) ? <Badge tone="warning">Disputed</Badge> : null}
            <span className="font-medium">
              {DISPUTE_STATUS_TEXT[d.status]} · {formatMinor(d.amount_minor, d.currency)}
            </span>
          </span>
          <span className="text-muted">{DISPUTE_REASON_TEXT[d.reason_code] ?? "Other"}</span>
          <span className="text-xs font-medium text-accent">Open the dispute</span>
        </Link>
      ))}
      {disputable && !hasOpen && disputes ? (
        open ? (
          <form onSubmit={submit} className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm">
            <DisputeClaimFields
              claim={claim}
              compact
              amountLabel={`Amount (${t.currency}, empty for all ${formatMinor(t.amount_minor, t.currency)})`}
            />
            {file.error ? <Alert tone="error">{file.error.message}</Alert> : null}
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={file.pending}>
                File dispute
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button size="sm" variant="secondary" className="self-start" onClick={() => setOpen(true)}>
            Dispute
          </Button>
        )
      ) : null}
    </section>
  );
}
