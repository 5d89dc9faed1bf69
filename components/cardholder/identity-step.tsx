"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { KycStatus } from "@/lib/enums";
import { AutoRefresh } from "./auto-refresh";
import { errorText } from "./error-text";
import type { KycLinkAction } from "./types";

/**
 * Identity verification happens on the hosted KYC page, opened in this tab; its Continue link
 * brings the cardholder back here, and the page asks the KYC provider for the status again.
 */
export function IdentityStep({
  kycStatus,
  returned,
  kycLink,
}: {
  kycStatus: KycStatus;
  returned: boolean;
  kycLink: KycLinkAction;
}) {
  const router = useRouter();
  const link = useAction(kycLink);
  const [error, setError] = useState<string>();
  const [leaving, setLeaving] = useState(false);

  async function open() {
    setError(undefined);
    const res = await link.run({});
    if (!res.ok) {
      setError(errorText(res.error));
      return;
    }
    setLeaving(true);
    window.location.assign(res.data.url);
  }

  const busy = link.pending || leaving;
  const label =
    kycStatus === "in_progress"
      ? "Continue verification"
      : kycStatus === "expired"
        ? "Start again"
        : "Verify my identity";

  if (kycStatus === "pending_review") {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="info">
          Thanks, we have your documents. They are being reviewed, which usually takes a few minutes and at
          most a day. This page updates by itself; you can also come back later.
        </Alert>
        <AutoRefresh intervalMs={5000} />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button variant="secondary" onClick={() => router.refresh()}>
          Check again
        </Button>
        <Button variant="ghost" onClick={open} disabled={busy}>
          Open verification page
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        We need to confirm who you are before we can issue a card: a photo of an identity document and a
        selfie. It takes about two minutes on our verification partner&apos;s page, which brings you back here
        when you are done.
      </p>
      {kycStatus === "expired" ? (
        <Alert tone="warning">
          Your identity verification expired before it was finished. Start it again.
        </Alert>
      ) : null}
      {returned && kycStatus !== "expired" ? (
        <Alert tone="info">
          We have not received a result yet. If you finished on the verification page, wait a moment and check
          again.
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button onClick={open} disabled={busy}>
        {label}
      </Button>
      {kycStatus === "in_progress" || returned ? (
        <Button variant="secondary" onClick={() => router.refresh()} disabled={busy}>
          Check status
        </Button>
      ) : null}
    </div>
  );
}
