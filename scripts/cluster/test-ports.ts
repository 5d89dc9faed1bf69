/** Ports of the cluster the cross-instance tests and the CI chaos run start (127.0.0.1 only). */
export const CLUSTER_TEST_PORTS = { port: 8180, appPortBase: 3281, statsPort: 8181 } as const;

/** PgBouncer's port when the cluster tests run through it (CLUSTER_PGBOUNCER=on). */
export const CLUSTER_TEST_PGBOUNCER_PORT = 8188;
