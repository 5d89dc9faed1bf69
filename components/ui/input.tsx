import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "h-10 w-full min-w-0 rounded-md border border-input bg-surface px-3 " +
          "text-base text-foreground sm:text-sm",
        "placeholder:text-muted disabled:cursor-not-allowed disabled:opacity-50",
        "aria-invalid:border-danger focus-visible:border-ring",
        className,
      )}
      {...props}
    />
  );
}

/** A native <select> styled like Input (its arrow needs the narrower padding). */
export const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-surface px-2 text-base text-foreground sm:text-sm";
