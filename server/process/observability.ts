import type { Server } from "node:http";
import type { Database } from "@/server/db/client";
import { log } from "@/server/log";
import { instrumentDbQueries } from "@/server/observability/db-queries";
import { registerBacklogProbe, registerDbPool, startProcessMetrics } from "@/server/observability/metrics";
import { startMetricsServer } from "@/server/observability/metrics-endpoint";
import { startTracing, stopTracing } from "@/server/observability/tracing";
import { readBacklog } from "./metrics-backlog";

/**
 * Metrics and traces for one process (an app instance or a standalone worker; docs/operations.md,
 * "Metrics" and "Traces"): process metrics, the database's statements and pool, the backlogs read on
 * scrape, METRICS_PORT's listener when set, and the OpenTelemetry SDK when the OTEL_* variables ask.
 */
export async function startObservability(database: Database): Promise<{ stop: () => Promise<void> }> {
  startProcessMetrics();
  instrumentDbQueries();
  const tracing = await startTracing();
  if (database.pool) registerDbPool("primary", database.pool);
  registerBacklogProbe(() => readBacklog(database.db));
  let server: Server | undefined;
  try {
    server = await startMetricsServer();
  } catch (err) {
    // A taken port must not keep the instance from serving: its metrics are missing, and logged.
    log.error({ err }, "the metrics port could not be opened");
  }
  const address = server?.address();
  log.info(
    { tracing, metricsPort: address && typeof address === "object" ? address.port : undefined },
    "observability ready",
  );
  return {
    stop: async () => {
      server?.close();
      registerBacklogProbe(null);
      await stopTracing().catch(() => {});
    },
  };
}
