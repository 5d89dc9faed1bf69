import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Cross-instance tests against the real cluster (scripts/cluster: 3 app instances, 2 workers,
 * HAProxy), started once by the global setup:
 * `DATABASE_URL=postgres://... npx vitest run -c vitest.cluster.config.ts`.
 * Needs a production build (`npm run build`; the setup builds when it is missing).
 */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.cluster.test.ts"],
    exclude: ["**/node_modules/**", ".next/**", ".data/**"],
    globalSetup: ["./scripts/cluster/test-setup.ts"],
    setupFiles: ["./server/testing/boot.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
