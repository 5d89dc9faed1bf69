import type { ComponentProps } from "react";
import { cn } from "./cn";

const TONES = {
  error: "border-danger-border bg-danger-soft text-danger",
  success: "border-success-border bg-success-soft text-success",
  warning: "border-warning-border bg-warning-soft text-warning",
  info: "border-border bg-surface-muted text-foreground",
} as const;

/**
 * A message box. Errors are announced by screen readers (role="alert"); the others politely.
 */
export function Alert({
  tone = "info",
  className,
  ...props
}: ComponentProps<"div"> & { tone?: keyof typeof TONES }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-md border px-3 py-2 text-sm", TONES[tone], className)}
      {...props}
    />
  );
}
