"use client";

import { TriangleAlert } from "lucide-react";
import { useId } from "react";
import { CopyButton } from "@/components/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

function CopyableValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="flex flex-col gap-1.5">
      <span id={id} className="text-sm font-medium">
        {label}
      </span>
      <code
        data-testid={testId}
        className={
          "rounded-md border border-border bg-surface-muted px-3 py-2 font-mono " +
          "text-sm break-all select-all"
        }
      >
        {value}
      </code>
      <div className="flex items-center gap-2">
        <CopyButton value={value} />
      </div>
    </div>
  );
}

/**
 * The key pair right after creation or rotation: only the secret's hash is kept, so this is the one chance.
 */
export function SecretOnce({
  apiKey,
  apiSecret,
  onDone,
}: {
  apiKey: string;
  apiSecret: string;
  onDone: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="warning" className="flex gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong>Copy the secret now.</strong> It cannot be shown again. If you lose it, rotate the key to
          get a new secret.
        </span>
      </Alert>
      <CopyableValue label="API key" value={apiKey} testId="new-api-key" />
      <CopyableValue label="API secret" value={apiSecret} testId="new-api-secret" />
      <p className="text-xs text-muted">
        Send both as the <code className="font-mono whitespace-nowrap">X-API-Key</code> and{" "}
        <code className="font-mono whitespace-nowrap">X-API-Secret</code> headers, or exchange them for a
        15-minute token at <code className="font-mono whitespace-nowrap">POST /api/apikey/token</code>.
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
