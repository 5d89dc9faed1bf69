import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Tests on a real streaming replica (docs/operations.md, "Read replica"):
 * `bash scripts/replica.sh up`, then
 * `DATABASE_URL=postgres://.../db DATABASE_REPLICA_URL=postgres://...:5433/db npx vitest run -c vitest.replica.config.ts`.
 * They pause the replica's replay and stop it, so one file at a time.
 */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.replica.test.ts"],
    exclude: ["**/node_modules/**", ".next/**", ".data/**"],
    globalSetup: ["./server/testing/global-setup.ts"],
    setupFiles: ["./server/testing/boot.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
