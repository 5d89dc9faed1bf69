import { ShieldAlert } from "lucide-react";
import { cn } from "@/components/ui/cn";

/**
 * Shown over a secure frame the browser would not display, instead of a blank box: usually the
 * app was opened at an address the secure page does not allow to frame it (docs/card-program.md,
 * "Where the secure page can be framed").
 */
export function FrameBlocked({ what }: { what: string }) {
  return (
    <div
      role="alert"
      data-testid="secure-frame-blocked"
      className={cn(
        "absolute inset-0 flex flex-col items-center justify-center gap-2",
        "rounded-lg border border-border bg-surface p-6 text-center text-sm",
      )}
    >
      <ShieldAlert className="size-6 text-muted" aria-hidden />
      <p className="font-medium text-foreground">The secure {what} could not be shown here.</p>
      <p className="text-muted">
        The browser refused to load it on this page. Reload the page; if it stays empty, open the app at its
        usual address, or ask the program&apos;s administrators to allow this one.
      </p>
    </div>
  );
}
