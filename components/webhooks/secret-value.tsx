"use client";

import { CopyButton } from "@/components/copy-button";

/** The signing secret, selectable, with a copy button. */
export function SecretValue({ secret }: { secret: string }) {
  return (
    <div role="group" aria-label="Signing secret" className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">Signing secret</span>
      <code
        data-testid="webhook-secret"
        className={
          "rounded-md border border-border bg-surface-muted px-3 py-2 font-mono " +
          "text-sm break-all select-all"
        }
      >
        {secret}
      </code>
      <div className="flex items-center gap-2">
        <CopyButton value={secret} />
      </div>
    </div>
  );
}
