/**
 * Next's start-up hook: its server bundles start through the composition root too
 * (docs/architecture.md). The edge runtime (proxy.ts) calls no use case; Next replaces
 * NEXT_RUNTIME at build time, so the edge bundle leaves the server graph out.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { boot } = await import("@/server/boot");
    boot();
  }
}
