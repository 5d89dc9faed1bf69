import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["{lib,server}/**/*.test.ts"],
    // Multi-process tests need a shared Postgres server: vitest.postgres.config.ts runs them.
    exclude: ["**/node_modules/**", "**/*.pg.test.ts", "**/*.cluster.test.ts"],
    globalSetup: ["./server/testing/global-setup.ts"],
    setupFiles: ["./server/testing/boot.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
