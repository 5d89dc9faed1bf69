"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";

/** The link a click follows inside the console, or null (new tab, download, another site, same page). */
function internalTarget(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]");
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  if (anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // Server routes (the API reference, exports) are full page loads the browser shows itself.
  if (url.pathname.startsWith("/api/") || url.pathname.endsWith("/export")) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

/**
 * A thin bar across the top of the console while a navigation is under way (from the click on a
 * link until the new page's URL is shown), so a slow page never leaves the old one looking idle.
 */
export function NavigationProgress() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const [pending, setPending] = useState<{ from: string } | null>(null);
  const here = `${pathname}?${search}`;

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (internalTarget(event)) setPending({ from: `${window.location.pathname}?${search}` });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [search]);

  // The new page's URL is shown: the navigation is over (the bar is state derived from the URL).
  if (pending !== null && pending.from !== here) setPending(null);
  const active = pending !== null;
  // Visual only: the page's loading state tells screen readers.
  return (
    <div aria-hidden className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
      {active ? <div className="nav-progress h-full w-1/3 bg-accent" /> : null}
    </div>
  );
}
