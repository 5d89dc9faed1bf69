"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { formatTimestamp } from "@/components/ui/timestamp";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { ScreenerCheckBody, ScreeningResult } from "@/lib/contracts/screening";
import { CHECK_LABELS } from "./labels";
import { RiskBadge } from "./risk-badge";

/** Check an address; the result with its checks and risk level, then the page's last checks refresh. */
export function ScreeningForm({ screen }: { screen: Action<ScreenerCheckBody, ScreeningResult> }) {
  const [address, setAddress] = useState("");
  const { run, pending, data, error } = useAction(screen);
  const router = useRouter();
  const checkedAt = data && formatTimestamp(data.checked_at);
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={async (e) => {
          e.preventDefault();
          const result = await run({ address });
          if (result.ok) router.refresh();
        }}
      >
        <Field
          label="Address"
          name="address"
          className="flex-1"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder="0x..., bc1..., T..., L..., or a Solana address"
          error={error?.fields?.address}
          required
        />
        <Button type="submit" disabled={pending || !address.trim()}>
          {pending ? "Checking..." : "Check address"}
        </Button>
      </form>
      {error && !error.fields?.address ? <Alert tone="error">{error.message}</Alert> : null}
      {data ? (
        <section
          aria-label="Screening result"
          className="flex flex-col gap-2 rounded-md border border-border p-4"
        >
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-mono text-sm break-all">{data.address}</span>
            <RiskBadge level={data.risk_level} />
            <span className="text-sm">{data.flagged ? "Flagged" : "Not flagged"}</span>
          </div>
          <ul className="grid grid-cols-2 gap-1 text-sm sm:grid-cols-4">
            {Object.entries(data.checks).map(([check, hit]) => (
              <li key={check}>
                {CHECK_LABELS[check] ?? check}: <strong>{hit ? "yes" : "no"}</strong>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted">
            Checked {checkedAt} against {data.sanctions_list.source} as of{" "}
            {formatTimestamp(`${data.sanctions_list.as_of}T00:00:00Z`, { withTime: false })}.
          </p>
        </section>
      ) : null}
    </div>
  );
}
