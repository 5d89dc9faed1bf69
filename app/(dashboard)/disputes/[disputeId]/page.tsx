import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { orNotFound } from "@/app/(dashboard)/or-not-found";
import { DecideButtons } from "@/components/disputes/decide-buttons";
import { DisputeNotes } from "@/components/disputes/dispute-notes";
import { DisputeStatusBadge } from "@/components/disputes/dispute-status-badge";
import { DisputeTimeline } from "@/components/disputes/dispute-timeline";
import { EvidenceFiles } from "@/components/disputes/evidence-files";
import { DISPUTE_REASON_TEXT } from "@/components/disputes/labels";
import { customerHref, purchaseHref } from "@/components/disputes/links";
import { requestTime, RespondBy } from "@/components/disputes/respond-by";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "@/components/ui/timestamp";
import { can } from "@/lib/contracts/permissions";
import { isSandbox } from "@/lib/env";
import { formatMinor } from "@/lib/money";
import { requireSession } from "@/server/action-kit/session";
import { addDisputeNoteAction } from "@/server/actions/disputes";
import { getDisputeCase } from "@/server/issuer/disputes/case";

export const metadata: Metadata = { title: "Dispute" };

function Fact({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-0.5 ${className ?? ""}`}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/**
 * One dispute, addressable by URL: who and what is disputed (linked), the respond-by date, the
 * timeline, staff notes and evidence files, and in the sandbox the network's decision.
 */
export default async function DisputePage({ params }: { params: Promise<{ disputeId: string }> }) {
  const { ctx, user } = await requireSession();
  const { disputeId } = await params;
  const c = await orNotFound(getDisputeCase({ ctx, input: { disputeId: disputeId.slice(0, 64) } }));
  const d = c.dispute;
  const now = requestTime();
  const canWrite = can(user, "addDisputeNote");
  const open = d.status === "submitted" || d.status === "under_review";
  return (
    <>
      <Link
        href="/disputes"
        className="mb-3 inline-flex items-center gap-1 text-sm text-accent hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Disputes
      </Link>
      <header className="mb-6 flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">
            {formatMinor(d.amount_minor, d.currency)} at {d.merchant ?? "an unknown merchant"}
          </h1>
          <DisputeStatusBadge status={d.status} />
        </div>
        <p className="text-sm text-muted">
          Dispute <code className="font-mono text-xs">{d.dispute_id}</code> · filed{" "}
          <Timestamp iso={d.created_at} seconds={false} />
        </p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card aria-labelledby="dispute-facts">
            <CardHeader className="gap-2 sm:flex-row sm:items-center sm:justify-between">
              <CardTitle id="dispute-facts">Details</CardTitle>
              {isSandbox() && open ? <DecideButtons dispute={d} /> : null}
            </CardHeader>
            <CardBody>
              <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <Fact label="Customer">
                  <Link href={customerHref(c.customer.svc_card_id)} className="text-accent hover:underline">
                    {c.customer.email || "Customer"}
                  </Link>
                  {c.customer.external_id ? (
                    <span className="block font-mono text-xs text-muted">{c.customer.external_id}</span>
                  ) : null}
                </Fact>
                <Fact label="Purchase">
                  {c.purchase ? (
                    <>
                      <Link
                        href={purchaseHref(c.customer.svc_card_id, c.purchase.transaction_id)}
                        className="text-accent hover:underline"
                      >
                        {formatMinor(c.purchase.amount_minor, c.purchase.currency)} at{" "}
                        {c.purchase.merchant ?? "an unknown merchant"}
                      </Link>
                      <span className="block text-xs text-muted">
                        <Timestamp iso={c.purchase.created_at} seconds={false} />
                      </span>
                    </>
                  ) : (
                    <span className="text-muted">No longer kept (older than the retention period)</span>
                  )}
                </Fact>
                <Fact label="Disputed amount">{formatMinor(d.amount_minor, d.currency)}</Fact>
                <Fact label={d.status === "won" ? "Credited" : "A win credits"}>
                  {formatMinor(d.credit_amount_minor, d.credit_currency)}
                </Fact>
                <Fact label="Reason">{DISPUTE_REASON_TEXT[d.reason_code] ?? "Other"}</Fact>
                <Fact label="Respond by">
                  {open ? (
                    <RespondBy iso={d.respond_by} now={now} />
                  ) : (
                    <span className="text-muted">Decided</span>
                  )}
                </Fact>
                <Fact label="What happened" className="sm:col-span-2">
                  <span className="whitespace-pre-wrap">{d.description}</span>
                </Fact>
              </dl>
            </CardBody>
          </Card>
          <Card aria-labelledby="dispute-notes">
            <CardHeader>
              <CardTitle id="dispute-notes">Notes</CardTitle>
            </CardHeader>
            <CardBody>
              <DisputeNotes
                disputeId={d.dispute_id}
                notes={c.notes}
                add={canWrite ? addDisputeNoteAction : undefined}
              />
            </CardBody>
          </Card>
          <Card aria-labelledby="dispute-evidence">
            <CardHeader>
              <CardTitle id="dispute-evidence">Evidence</CardTitle>
            </CardHeader>
            <CardBody>
              <EvidenceFiles
                disputeId={d.dispute_id}
                files={c.evidence}
                canUpload={can(user, "addDisputeEvidence")}
              />
            </CardBody>
          </Card>
        </div>
        <Card aria-labelledby="dispute-timeline" className="self-start">
          <CardHeader>
            <CardTitle id="dispute-timeline">Timeline</CardTitle>
          </CardHeader>
          <CardBody>
            <DisputeTimeline entries={c.timeline} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
