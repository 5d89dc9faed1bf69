"use client";

import { RefreshCw, TriangleAlert } from "lucide-react";
import { cn } from "@/components/ui/cn";
import type { ActionError } from "@/lib/action-result";
import { LIVE_REFRESH_MS } from "../ui/use-live-action";

/**
 * A quiet line saying the figures below refresh by themselves; when a refresh fails, that the
 * figures shown are the last good ones and why (say the session ended).
 */
export function LiveStatus({
  error,
  refreshing,
  className,
}: {
  error?: Pick<ActionError, "message">;
  refreshing: boolean;
  className?: string;
}) {
  if (error) {
    return (
      <p role="status" className={cn("flex items-start gap-1.5 text-xs text-warning", className)}>
        <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
        <span>Not refreshed: {error.message} The figures shown are the last ones read.</span>
      </p>
    );
  }
  return (
    <p className={cn("flex items-center gap-1.5 text-xs text-muted", className)}>
      <RefreshCw
        className={cn("size-3.5", refreshing && "animate-spin motion-reduce:animate-none")}
        aria-hidden
      />
      Live: refreshes every {LIVE_REFRESH_MS / 1000} seconds.
    </p>
  );
}
