import { CheckCircle2, Clock, XCircle } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

export type KycOutcomeStatus = "approved" | "rejected" | "pending_review";

const TEXT: Record<KycOutcomeStatus, { title: string; detail: (currency: string | null) => string }> = {
  approved: {
    title: "Identity verified",
    detail: (currency) =>
      `Your identity is verified.${currency ? ` Your card account will be in ${currency}.` : ""}`,
  },
  rejected: {
    title: "Verification not successful",
    detail: () => "We could not verify your identity. No card can be issued for this account.",
  },
  pending_review: {
    title: "Under manual review",
    detail: () => "Your documents are being reviewed by hand. You will hear back once a decision is made.",
  },
};

const ICON = { approved: CheckCircle2, rejected: XCircle, pending_review: Clock } as const;
const TONE = { approved: "text-success", rejected: "text-danger", pending_review: "text-warning" } as const;

/** What the applicant sees once a decision is recorded, with the way back to where they came from. */
export function KycOutcome({
  status,
  currency,
  returnTo,
}: {
  status: KycOutcomeStatus;
  currency: string | null;
  returnTo: string | null;
}) {
  const Icon = ICON[status];
  return (
    <div className="flex flex-col items-center gap-3 py-2 text-center" role="status">
      <Icon className={`size-10 ${TONE[status]}`} aria-hidden />
      <h2 className="text-lg font-semibold">{TEXT[status].title}</h2>
      <p className="text-sm text-muted">{TEXT[status].detail(currency)}</p>
      {returnTo ? (
        <Button asChild className="mt-2 w-full">
          <Link href={returnTo}>Continue</Link>
        </Button>
      ) : (
        <p className="mt-2 text-sm text-muted">You can close this window.</p>
      )}
    </div>
  );
}
