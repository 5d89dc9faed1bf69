import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** The colour tokens of a status pill; each feature maps its statuses onto these. */
export const BADGE_TONE = {
  success: "border-success-border bg-success-soft text-success",
  warning: "border-warning-border bg-warning-soft text-warning",
  danger: "border-danger-border bg-danger-soft text-danger",
  neutral: "border-border bg-surface-muted text-foreground",
  muted: "border-border bg-surface-muted text-muted",
} as const;

export type BadgeTone = keyof typeof BADGE_TONE;

const pill = "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap";

/** A small status pill in one of the shared tones. */
export function Badge({ tone, title, children }: { tone: BadgeTone; title?: string; children: ReactNode }) {
  return (
    <span className={cn(pill, BADGE_TONE[tone])} title={title}>
      {children}
    </span>
  );
}
