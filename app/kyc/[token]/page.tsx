import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { KycDecisionForm } from "@/components/kyc/kyc-decision-form";
import { KycOutcome } from "@/components/kyc/kyc-outcome";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { isSandbox } from "@/lib/env";
import { decideKycOnPage } from "@/server/actions/kyc-page";
import { getDb } from "@/server/db/client";
import { openApplicantLink } from "@/server/providers/sandbox/kyc-link";
import { DEFAULT_KYC_COUNTRY, KYC_COUNTRIES } from "@/server/providers/sandbox/kyc-regions";
import { safeReturnPath } from "@/server/providers/sandbox/return-to";

export const metadata: Metadata = { title: "Identity verification", robots: { index: false, follow: false } };

/** Opening the page moves the applicant on (documents requested): never serve it from a cache. */
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The KYC provider's hosted page, simulated in sandbox (docs/card-program.md, Onboarding): reached through
 * the kyc-link URL, no console chrome, no session; the link token is the credential. The applicant picks a
 * country (it sets the card currency) and the sandbox stands in for the reviewer.
 */
export default async function KycPage({ params, searchParams }: Props) {
  if (!isSandbox()) notFound();
  const [{ token }, query] = await Promise.all([params, searchParams]);
  const returnTo = safeReturnPath(query.return_to);
  const view = await openApplicantLink(await getDb(), token);

  if (!view) {
    return (
      <Shell>
        <Message title="This link is not valid">
          It may have been replaced by a newer one. Go back and start identity verification again.
        </Message>
      </Shell>
    );
  }
  const { state } = view;
  if (state.kycStatus === "approved" || state.kycStatus === "rejected") {
    return (
      <Shell email={view.email}>
        <KycOutcome status={state.kycStatus} currency={state.currency} returnTo={returnTo} />
      </Shell>
    );
  }
  if (view.linkExpired) {
    return (
      <Shell email={view.email}>
        <Message title="This link has expired">
          Verification links are valid for one hour. Go back and request a new one.
        </Message>
      </Shell>
    );
  }
  return (
    <Shell email={view.email}>
      <KycDecisionForm
        token={token}
        countries={[...KYC_COUNTRIES]}
        initialCountry={view.country ?? DEFAULT_KYC_COUNTRY}
        inReview={state.kycStatus === "pending_review"}
        returnTo={returnTo}
        decide={decideKycOnPage}
      />
    </Shell>
  );
}

function Shell({ email, children }: { email?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-md">
        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <ShieldCheck className="size-5 shrink-0" aria-hidden />
              <h1 className="text-lg font-semibold">Identity verification (sandbox)</h1>
            </div>
            {email ? (
              <p className="text-sm text-muted">
                Applicant: <span className="font-medium break-all text-foreground">{email}</span>
              </p>
            ) : null}
          </CardHeader>
          <CardBody>{children}</CardBody>
        </Card>
        <p className="mt-4 text-center text-xs text-muted">
          Simulated by the sandbox: no documents are collected and no real check is made.
        </p>
      </div>
    </main>
  );
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-2 text-center" role="status">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="text-sm text-muted">{children}</p>
    </div>
  );
}
