import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["{lib,server,components,cli}/**/*.test.ts"],
    // Multi-process tests need a shared Postgres server: vitest.postgres.config.ts runs them.
    // What only the embedded database does (*.pglite.test.ts) is left out of the run on Postgres.
    exclude: [
      "**/node_modules/**",
      "**/*.pg.test.ts",
      "**/*.cluster.test.ts",
      "**/*.replica.test.ts",
      ...(process.env.DATABASE_URL ? ["**/*.pglite.test.ts"] : []),
    ],
    globalSetup: ["./server/testing/global-setup.ts"],
    setupFiles: ["./server/testing/boot.ts"],
    environment: "node",
    pool: "forks",
    // The service tests wait on their database a good part of the time: one and a half workers
    // per core kept both cores busy (measured on 2 cores: 80 s for 37 files, against 103 s with
    // the default of one per core, and no faster with 4).
    maxWorkers: "150%",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
