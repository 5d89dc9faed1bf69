import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * e2e against the production build (npm test builds first), served by the real process
 * (server/main.ts) on a fresh embedded database seeded through the project's own code.
 * Debian's Chromium: Playwright cannot download its own browser here (CHROMIUM_PATH overrides).
 */
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "npx tsx e2e/serve.ts",
    url: `http://localhost:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      NODE_ENV: "production",
      DATA_DIR: "e2e/.state/data",
      DEMO_SEED: "off",
      LOG_LEVEL: "warn",
      // Webhook e2e: receivers on 127.0.0.1 (sandbox only) and a schedule of seconds, not hours.
      WEBHOOK_ALLOW_LOCALHOST: "1",
      WEBHOOK_RETRY_SCHEDULE: process.env.WEBHOOK_RETRY_SCHEDULE ?? "2,2,2,2,2,2",
      // The simulated chain deploys an account wallet in 2 s (the real one: up to a minute).
      SAFE_DEPLOY_SECONDS: "2",
    },
  },
});
