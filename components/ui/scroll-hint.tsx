import { MoveHorizontal } from "lucide-react";

/** Above a table that is wider than a phone: says it scrolls sideways (hidden where it fits). */
export function ScrollHint({ className = "md:hidden" }: { className?: string }) {
  return (
    <p className={`flex items-center gap-1.5 px-5 pt-3 text-xs text-muted ${className}`}>
      <MoveHorizontal className="size-3.5" aria-hidden />
      Scroll the table sideways for more columns.
    </p>
  );
}
