"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { selectClass } from "@/components/ui/input";
import { useAction } from "@/components/ui/use-action";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { Action } from "@/lib/action-result";
import { KycOutcome, type KycOutcomeStatus } from "./kyc-outcome";

export interface KycCountryOption {
  code: string;
  name: string;
  currency: string;
}

export type DecideKyc = Action<
  { token: string; decision: "approved" | "rejected" | "pending_review"; country: string },
  { kycStatus: string; currency: string | null; country: string | null }
>;

function isOutcome(status: string): status is KycOutcomeStatus {
  return status === "approved" || status === "rejected" || status === "pending_review";
}

/**
 * The simulated verification: the applicant's country (which sets the card currency) and the
 * reviewer's three possible verdicts. Nothing is uploaded; this stands in for the provider's flow.
 */
export function KycDecisionForm({
  token,
  countries,
  initialCountry,
  inReview,
  returnTo,
  decide,
}: {
  token: string;
  countries: KycCountryOption[];
  initialCountry: string;
  /** Already sent to manual review: say so, and still allow the reviewer's final verdict. */
  inReview: boolean;
  returnTo: string | null;
  decide: DecideKyc;
}) {
  const id = useId();
  const [country, setCountry] = useState(initialCountry);
  const { run, pending, data, error } = useAction(decide);
  // The verdict buttons act through onClick only: pressed before hydration they would do nothing, and a
  // country picked before it would show in the list but not in the state that is sent.
  const hydrated = useHydrated();
  const busy = pending || !hydrated;
  const currency = countries.find((c) => c.code === country)?.currency ?? null;

  if (data && isOutcome(data.kycStatus)) {
    return <KycOutcome status={data.kycStatus} currency={data.currency} returnTo={returnTo} />;
  }

  const submit = (decision: "approved" | "rejected" | "pending_review") => run({ token, decision, country });

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()} aria-busy={pending}>
      {inReview ? (
        <Alert tone="warning">
          This verification is in manual review. Record the reviewer&apos;s decision below.
        </Alert>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-country`} className="text-sm font-medium">
          Country of residence
        </label>
        <select
          id={`${id}-country`}
          name="country"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          disabled={!hydrated}
          className={selectClass}
          aria-describedby={`${id}-currency`}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <p id={`${id}-currency`} className="text-xs text-muted">
          {currency ? `Card currency on approval: ${currency}.` : null}
        </p>
      </div>
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      <div className="flex flex-col gap-2">
        <Button type="button" disabled={busy} onClick={() => submit("approved")}>
          Approve
        </Button>
        <Button type="button" variant="danger" disabled={busy} onClick={() => submit("rejected")}>
          Reject
        </Button>
        {inReview ? null : (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => submit("pending_review")}>
            Send to manual review
          </Button>
        )}
      </div>
    </form>
  );
}
