import { MoveHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

/** Above a table that is wider than a phone: says it scrolls sideways (hidden where it fits). */
export function ScrollHint({ className = "md:hidden" }: { className?: string }) {
  return (
    <p className={`flex items-center gap-1.5 px-5 pt-3 text-xs text-muted ${className}`}>
      <MoveHorizontal className="size-3.5" aria-hidden />
      Scroll the table sideways for more columns.
    </p>
  );
}

/**
 * The one box that scrolls a wide table (or code) sideways. It is a labelled region that takes
 * keyboard focus, so the arrow keys scroll it even when nothing inside is focusable (axe's
 * scrollable-region-focusable), with the ScrollHint above it unless `hint` is false.
 */
export function ScrollRegion({
  label,
  hint = true,
  hintClassName,
  className,
  testId,
  children,
}: {
  /** What the region holds, for screen readers ("Latest deposits"). */
  label: string;
  hint?: boolean;
  hintClassName?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <>
      {hint ? <ScrollHint className={hintClassName} /> : null}
      <div
        role="region"
        tabIndex={0}
        aria-label={label}
        data-testid={testId}
        className={cn("overflow-x-auto", className)}
      >
        {children}
      </div>
    </>
  );
}
