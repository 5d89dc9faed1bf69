import "./globals.css";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";

export const metadata: Metadata = {
  title: { template: "%s · Card Console", default: "Card Console" },
  description:
    "The card issuer console: customers, cards, balances and the developer tools of your card program.",
  robots: { index: false, follow: false },
  // public/: the favicon for browsers that ask /favicon.ico, the SVG for the rest.
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
  },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f8fafc" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The hosted secure page runs under a nonce CSP (proxy.ts): the theme script must carry it too.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // next-themes sets the class on <html> before hydration, so the server's markup differs.
    <html lang="en" suppressHydrationWarning>
      <body>
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
