"use client";

import { CopyButton } from "@/components/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatTimestamp } from "@/components/ui/timestamp";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";

export interface CreatedAccessToken {
  access_token: string;
  expires_in: number;
  token_type: "Bearer";
  expires_at: string;
}

/** Creates a token and shows it once: only its hash is stored, so it cannot be shown again. */
export function AccessTokenCreator({
  create,
}: {
  create: Action<Record<string, never>, CreatedAccessToken>;
}) {
  const action = useAction(create);
  const token = action.data;

  return (
    <div className="flex flex-col items-start gap-4">
      {action.error ? <Alert tone="error">{action.error.message}</Alert> : null}
      <Button onClick={() => void action.run({})} disabled={action.pending} aria-busy={action.pending}>
        Create token
      </Button>
      {token ? (
        <div className="flex w-full flex-col gap-3" aria-live="polite">
          <Alert tone="warning">
            Copy the token now. It is shown only once; create a new one if you lose it.
          </Alert>
          <div className="flex w-full flex-col gap-2 sm:flex-row sm:items-start">
            <code
              data-testid="access-token"
              className={
                "min-w-0 flex-1 rounded-md border border-border bg-surface-muted px-3 " +
                "py-2 font-mono text-sm break-all select-all"
              }
            >
              {token.access_token}
            </code>
            <div className="flex items-center gap-2">
              <CopyButton value={token.access_token} />
            </div>
          </div>
          <p className="text-sm text-muted">
            Expires at{" "}
            <time dateTime={token.expires_at} className="font-medium text-foreground">
              {formatTimestamp(token.expires_at, { seconds: false })}
            </time>{" "}
            (in {Math.round(token.expires_in / 60)} minutes).
          </p>
        </div>
      ) : null}
    </div>
  );
}
