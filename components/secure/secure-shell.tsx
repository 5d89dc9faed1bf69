import { Lock } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The frame of the card provider's page: the program's logo (or a plain title), a "Secure" mark
 * and a line on who handles the data. Nothing of the console (no navigation, no session, no
 * analytics). Sized for the recommended iframes, 420x520 and 420x740, without scrolling.
 */
export function SecureShell({
  logoUrl,
  preview,
  children,
}: {
  logoUrl?: string;
  preview?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="svc-secure flex min-h-dvh flex-col gap-3 px-5 py-4 text-sm">
      <header className="flex min-h-8 items-center justify-between gap-3">
        {logoUrl ? (
          // The program's own https logo (checked by secureThemeSchema); next/image would add a loader this
          // page's CSP does not need.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={logoUrl}
            alt=""
            className="h-8 max-w-44 object-contain object-left"
            referrerPolicy="no-referrer"
          />
        ) : (
          <span className="font-semibold">Your card</span>
        )}
        {preview ? (
          <span
            className={
              "rounded-full border border-dashed border-(--svc-border) px-2.5 py-0.5 " +
              "text-xs font-medium text-(--svc-muted)"
            }
          >
            Preview · sample data
          </span>
        ) : (
          <span className="flex items-center gap-1 text-xs text-(--svc-muted)">
            <Lock className="size-3.5" aria-hidden />
            Secure page
          </span>
        )}
      </header>
      <main className="flex flex-1 flex-col gap-4">{children}</main>
      <footer className="text-xs leading-snug text-(--svc-muted)">
        Shown by the card provider. Your PIN and card details stay on this page and are never shared with the
        app around it.
      </footer>
    </div>
  );
}
