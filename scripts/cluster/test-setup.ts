import { randomBytes } from "node:crypto";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { env, setEnvForTests } from "@/lib/env";
import { createCluster } from "./cluster";
import { CLUSTER_TEST_PGBOUNCER_PORT, CLUSTER_TEST_PORTS } from "./test-ports";

declare module "vitest" {
  export interface ProvidedContext {
    cluster: { url: string; apps: string[] };
  }
}

/**
 * vitest.cluster.config.ts's global setup: the real cluster (3 app instances, 2 workers, HAProxy)
 * on DATABASE_URL, started once for the run and stopped after it; with CLUSTER_PGBOUNCER=on, through
 * PgBouncer in transaction mode (.ci/run runs them so). The secrets are set here so the
 * test process (which writes fixtures, e.g. sealed TOTP secrets) shares them with the instances.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = env().DATABASE_URL;
  if (!databaseUrl) throw new Error("The cluster tests need DATABASE_URL (a Postgres server).");
  if (!env().ENCRYPTION_KEY || !env().AUTH_SECRET)
    setEnvForTests({
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
    });
  const cluster = createCluster(
    {
      apps: 3,
      workers: 2,
      ...CLUSTER_TEST_PORTS,
      databaseUrl,
      pgbouncer:
        process.env.CLUSTER_PGBOUNCER === "on"
          ? { port: CLUSTER_TEST_PGBOUNCER_PORT, poolSize: 10 }
          : undefined,
      dir: path.resolve(".data/cluster-test"),
      env: { LOG_LEVEL: "warn", WEBHOOK_ALLOW_LOCALHOST: "on" },
    },
    { ENCRYPTION_KEY: env().ENCRYPTION_KEY, AUTH_SECRET: env().AUTH_SECRET },
  );
  await cluster.up();
  project.provide("cluster", {
    url: cluster.url,
    apps: cluster.apps.map((a) => `http://127.0.0.1:${a.port}`),
  });
  return () => cluster.stop();
}
