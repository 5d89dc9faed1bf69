/**
 * Next's start-up hook: its server bundles start through the composition root too
 * (docs/architecture.md). The edge runtime (proxy.ts) calls no use case; Next replaces
 * NEXT_RUNTIME at build time, so the edge bundle leaves the server graph out.
 *
 * Next's bundle holds its own copy of drizzle, so the server actions' and pages' statements are
 * timed (and traced, when server/main.ts started the tracing) only once this copy is wrapped too.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { boot } = await import("@/server/boot");
    const { instrumentDbQueries } = await import("@/server/observability/db-queries");
    boot();
    instrumentDbQueries();
  }
}
