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

/** A status's label and tone, as each feature's labels map states them ({ paid: { label: "Paid", tone: "success" } }). */
export type StatusLabels<S extends string> = Record<S, { label: string; tone: BadgeTone }>;

/**
 * A status as a labelled pill: the person reads the label, never the raw value, which stays on
 * data-status for tests and styling.
 */
export function StatusBadge<S extends string>({ status, labels }: { status: S; labels: StatusLabels<S> }) {
  const { label, tone } = labels[status];
  return (
    <span className={cn(pill, BADGE_TONE[tone])} data-status={status}>
      {label}
    </span>
  );
}
