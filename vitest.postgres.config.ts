import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Tests that need a Postgres server (several processes on one database), run with
 * `DATABASE_URL=postgres://... npx vitest run -c vitest.postgres.config.ts`. Same alias and
 * global setup (which migrates that database) as vitest.config.ts, whose default run excludes
 * these files.
 */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.pg.test.ts"],
    exclude: ["**/node_modules/**", ".next/**", ".data/**"],
    globalSetup: ["./server/testing/global-setup.ts"],
    setupFiles: ["./server/testing/boot.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
