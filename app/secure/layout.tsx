import type { Metadata } from "next";
import type { ReactNode } from "react";

/**
 * The card provider's hosted pages (docs/card-program.md, PIN and the hosted secure page): no console chrome,
 * no session, nothing of the dashboard. proxy.ts gives every response under /secure its own strict CSP
 * (framed only by the app), no-referrer and no-store.
 */
export const metadata: Metadata = {
  title: { absolute: "Secure card page" },
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default function SecureLayout({ children }: { children: ReactNode }) {
  return children;
}
