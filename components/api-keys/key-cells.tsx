"use client";

import { cn } from "@/components/ui/cn";
import type { ApiKeyView } from "@/lib/contracts/api-keys";
import { Timestamp } from "../ui/timestamp";

/** The public half, cut after the mode prefix and four characters: enough to tell keys apart. */
export function KeyPrefix({ apiKey }: { apiKey: string }) {
  return (
    <code className="font-mono text-xs text-muted" title={apiKey}>
      {apiKey.slice(0, 12)}…
    </code>
  );
}

export function ScopeBadges({ scopes }: { scopes: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Scopes">
      {scopes.map((s) => (
        <li key={s} className="rounded border border-border bg-surface-muted px-1.5 py-0.5 font-mono text-xs">
          {s}
        </li>
      ))}
    </ul>
  );
}

export function StatusBadge({ status }: { status: ApiKeyView["status"] }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full border px-2 py-0.5 text-xs font-medium",
        status === "active"
          ? "border-success-border bg-success-soft text-success"
          : "border-border bg-surface-muted text-muted",
      )}
    >
      {status === "active" ? "Active" : "Revoked"}
    </span>
  );
}

/** A date (with its time where that matters, e.g. last use), or what an empty one means. */
export function When({
  iso,
  withTime = false,
  empty = "Never",
}: {
  iso: string | null;
  withTime?: boolean;
  empty?: string;
}) {
  if (!iso) return <span className="text-muted">{empty}</span>;
  return <Timestamp iso={iso} withTime={withTime} className="whitespace-nowrap" seconds={false} />;
}

export function Expiry({ iso, expired }: { iso: string | null; expired: boolean }) {
  if (!iso) return <span className="text-muted">Never</span>;
  if (expired) {
    return (
      <span className="flex flex-col items-start gap-0.5 whitespace-nowrap">
        <span
          className={
            "rounded-full border border-warning-border bg-warning-soft px-2 py-0.5 " +
            "text-xs font-medium text-warning"
          }
        >
          Expired
        </span>
        <Timestamp iso={iso} withTime={false} className="text-xs text-muted" />
      </span>
    );
  }
  return <Timestamp iso={iso} withTime={false} className="whitespace-nowrap" />;
}
