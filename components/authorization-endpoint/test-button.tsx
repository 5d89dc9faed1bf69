"use client";

import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { EndpointRequestView } from "@/lib/contracts/authorization-endpoint";
import { OUTCOMES, RequestDetails } from "./request-log";

/** "Send test authorization": a made-up 12.50 EUR purchase, the signed request and the answer shown. */
export function SendTestButton({ send }: { send: Action<Record<string, never>, EndpointRequestView> }) {
  const router = useRouter();
  const sending = useAction(send);
  const shown = sending.data;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button
          variant="secondary"
          disabled={sending.pending}
          onClick={async () => {
            const res = await sending.run({});
            if (res.ok) router.refresh();
          }}
        >
          Send test authorization
        </Button>
      </div>
      {sending.error ? <Alert tone="error">{sending.error.message}</Alert> : null}
      {shown ? (
        <div className="flex flex-col gap-2" aria-label="Test result">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone={OUTCOMES[shown.outcome].tone}>{OUTCOMES[shown.outcome].label}</Badge>
            in {shown.latency_ms} ms
          </p>
          <RequestDetails r={shown} />
        </div>
      ) : null}
    </div>
  );
}
