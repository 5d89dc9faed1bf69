import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const include = ["{lib,server,components,cli}/**/*.test.ts"];
// Multi-process tests need a shared Postgres server: vitest.postgres.config.ts runs them.
// What only the embedded database does (*.pglite.test.ts) is left out of the run on Postgres.
const exclude = [
  "**/node_modules/**",
  "**/*.pg.test.ts",
  "**/*.cluster.test.ts",
  "**/*.replica.test.ts",
  ...(process.env.DATABASE_URL ? ["**/*.pglite.test.ts"] : []),
];
// A file that replaces a module (vi.mock) needs modules of its own: in a shared module graph the
// module is already loaded without the mock, and the mock would stay for the files after it.
const mocking = ["lib", "server", "components", "cli"]
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => `${dir}/${file}`))
  .filter((file) => file.endsWith(".test.ts") && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, "utf8")));
const alias = { "@": path.resolve(import.meta.dirname) };
const each = {
  // Every file starts through the composition root (server/testing/boot.ts), which also puts
  // back what an earlier file in the same worker changed (the environment, timers, consumers).
  setupFiles: ["./server/testing/boot.ts"],
  environment: "node",
  pool: "forks" as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Runs once for the whole run (the root's global setup; the projects have none of their own).
    globalSetup: ["./server/testing/global-setup.ts"],
    // The service tests wait on their database a good part of the time: one and a half workers
    // per core kept both cores busy (measured on 2 cores: 80 s for 37 files, against 103 s with
    // the default of one per core, and no faster with 4).
    maxWorkers: "150%",
    projects: [
      {
        resolve: { alias },
        // Files share their worker's modules: the server's module graph is loaded once per worker
        // instead of once per file, which was more than half of the suite's time
        // (docs/performance.md, "CI").
        test: { ...each, name: "shared", include, exclude: [...exclude, ...mocking], isolate: false },
      },
      { resolve: { alias }, test: { ...each, name: "mocking", include: mocking, exclude } },
    ],
  },
});
