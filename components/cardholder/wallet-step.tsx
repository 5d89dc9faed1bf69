"use client";

import { LoaderCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatTimestamp } from "@/components/ui/timestamp";
import { useAction } from "@/components/ui/use-action";
import type { SafeDeployment } from "@/lib/contracts/cards";
import { errorText } from "./error-text";
import type { DeployWalletAction, WalletProgressAction } from "./types";

const POLL_MS = 1000;

/** Seconds until the estimated completion, or null when the estimate is not a time. */
function secondsLeft(estimate: string | undefined, now: number): number | null {
  const at = estimate ? Date.parse(estimate) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The account wallet that holds the card's money: deployed on the chain, which takes a while
 * (up to a minute live, seconds in the sandbox). While it deploys this polls the deployment
 * about once a second and shows the estimate; when it is ready the page moves on.
 */
export function WalletStep({
  initial,
  deploy,
  progress,
}: {
  initial: SafeDeployment | null;
  deploy: DeployWalletAction;
  progress: WalletProgressAction;
}) {
  const router = useRouter();
  const start = useAction(deploy);
  const poll = useAction(progress);
  const [deployment, setDeployment] = useState<SafeDeployment | null>(initial);
  const [error, setError] = useState<string>();
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const { run: pollRun } = poll;

  const deploying = deployment?.deploy_status === "processing";
  // Deployed, but its integrity check does not read ready yet (account status, docs/card-program.md).
  const settling = deployment?.deploy_status === "deployed" && !deployment.is_ready;
  const ready = deployment?.is_ready === true;

  useEffect(() => {
    if (!deploying && !settling) return;
    let live = true;
    const id = setInterval(() => {
      setNow(Date.now());
      void pollRun({}).then((res) => {
        if (!live) return;
        if (res.ok) setDeployment(res.data);
      });
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [deploying, settling, pollRun]);

  useEffect(() => {
    if (ready) router.refresh();
  }, [ready, router]);

  async function onDeploy() {
    setError(undefined);
    const res = await start.run({});
    if (!res.ok) {
      setError(errorText(res.error));
      return;
    }
    setStartedAt(Date.now());
    setNow(Date.now());
    setDeployment(res.data);
  }

  if (ready) {
    return <Alert tone="success">Your wallet is ready.</Alert>;
  }

  if (settling) {
    return (
      <Alert tone="info" aria-live="polite">
        Your wallet is set up and being checked. This page continues by itself once it is ready.
      </Alert>
    );
  }

  if (deploying) {
    const left = secondsLeft(deployment.estimated_completion, now);
    const total =
      left === null
        ? null
        : Math.max(1, Math.ceil((Date.parse(deployment.estimated_completion!) - startedAt) / 1000));
    const percent =
      left === null || total === null ? undefined : Math.min(95, Math.round(((total - left) / total) * 100));
    return (
      <div className="flex flex-col gap-3" aria-live="polite">
        <p className="flex items-center gap-2 text-sm font-medium">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          Setting up your wallet…
        </p>
        <div
          role="progressbar"
          aria-label="Wallet setup"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className={
              percent === undefined
                ? "h-full w-1/3 animate-pulse rounded-full bg-primary"
                : "h-full rounded-full bg-primary transition-[width] duration-700"
            }
            style={percent === undefined ? undefined : { width: `${percent}%` }}
          />
        </div>
        <p className="text-sm text-muted">
          {left === null
            ? deployment.estimated_completion
              ? `Expected by ${formatTimestamp(deployment.estimated_completion)}.`
              : "This usually takes under a minute."
            : left > 0
              ? `About ${left} second${left === 1 ? "" : "s"} left.`
              : "Almost done…"}
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Your card spends from a personal wallet that holds your money. Setting it up takes under a minute, and
        there is nothing to pay.
      </p>
      {deployment?.deploy_status === "failed" ? (
        <Alert tone="warning">Setting up your wallet did not finish last time. Please try again.</Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button onClick={onDeploy} disabled={start.pending}>
        Set up my wallet
      </Button>
    </div>
  );
}
