"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { type ReactNode, useState } from "react";

/**
 * next-themes renders an inline script that sets the theme class before paint. React 19 warns
 * about a <script> it mounts on the client, which never runs there anyway, so on the client it
 * is typed as a data block (no warning); the server-rendered copy stays executable.
 */
const themeScriptProps = { type: typeof window === "undefined" ? undefined : "application/json" };

export function Providers({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // One client per browser tab, created once (not per render, not shared between requests).
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <ThemeProvider
      nonce={nonce}
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      scriptProps={themeScriptProps}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
