/**
 * Lighthouse (mobile with its default simulated throttling, or desktop with --desktop) and
 * first-load JavaScript of the console's main pages, against the production build (`npm run
 * build` first) served by the real process (server/main.ts) on a fresh embedded database with the
 * demo program. Also prints how long the demo program took to create on that first start. Figures
 * go to docs/performance.md.
 *
 *   npx tsx bench/lighthouse.ts [--port 3272] [--runs 1] [--pages /overview,/customers] [--desktop]
 *
 * --desktop uses Lighthouse's desktop preset (its screen, user agent and lighter throttling) instead
 * of the default mobile one.
 *
 * LIGHTHOUSE_JSON_DIR=<dir> also writes each run's whole report there (to read bootup-time,
 * long tasks and the main-thread breakdown behind a blocking-time figure).
 *
 * Chromium: CHROMIUM_PATH or /usr/bin/chromium (run headless, no sandbox). First-load JS is the
 * sum of the scripts a fresh load of the page fetches, each gzipped here at level 6 (what a
 * compressing server sends), so the figure does not depend on the server's own compression.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import * as OTPAuth from "otpauth";
import { childProcessEnv } from "@/lib/env";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3272" },
    runs: { type: "string", default: "1" },
    pages: { type: "string", default: "/overview,/customers,/transactions,/cards,/balances" },
    desktop: { type: "boolean", default: false },
  },
});
const PORT = Number(values.port);
const DEBUG_PORT = PORT + 1;
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(values.runs);
const PAGES = values.pages!.split(",");
const CHART_PAGES = new Set(["/overview"]);
/** Pages measured signed out (a signed-in visit to /sign-in goes on to the Overview). */
const SIGNED_OUT_PAGES = new Set(["/sign-in"]);

const dataDir = mkdtempSync(path.join(tmpdir(), "svc-lighthouse-"));
// Always its own embedded database with the demo program: a DATABASE_URL in the environment (CI's bench
// stage sets one for the other benches) would send the server to a shared database without its keys.
const server = spawn(path.join("node_modules", ".bin", "tsx"), ["server/main.ts"], {
  env: childProcessEnv({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    DATABASE_URL: undefined,
  }),
  stdio: ["ignore", "pipe", "inherit"],
});
let out = "";
server.stdout!.on("data", (b: Buffer) => (out += b.toString()));

async function waitFor(re: RegExp, ms = 300_000): Promise<RegExpMatchArray> {
  const until = Date.now() + ms;
  for (;;) {
    const m = out.match(re);
    if (m) return m;
    // The server logs to stdout, which is read here: on a failure, show its last lines.
    if (Date.now() > until || server.exitCode !== null)
      throw new Error(`server: no ${re} in ${ms / 1000} s; its output ended with:\n${out.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

try {
  await waitFor(/listening on/);
  const demoSeconds = (await waitFor(/"seconds":([\d.]+)[^\n]*demo program created/))[1];
  const email = (await waitFor(/email\s+(\S+)/))[1]!;
  const password = (await waitFor(/password\s+(\S+)/))[1]!;
  const secret = (await waitFor(/TOTP secret\s+([A-Z2-7]+)/))[1]!;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      `--remote-debugging-port=${DEBUG_PORT}`,
    ],
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${BASE}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const code = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
  }).generate();
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(/\/overview/);
  const cookie = (await context.cookies(BASE)).map((c) => `${c.name}=${c.value}`).join("; ");

  const rows: string[] = [];
  const signedOut = await browser.newContext();
  for (const pathname of PAGES) {
    const anonymous = SIGNED_OUT_PAGES.has(pathname);
    // First-load JS: a fresh page (empty cache) loading this one.
    const fresh = await (anonymous ? signedOut : context).newPage();
    const scripts: Promise<number>[] = [];
    fresh.on("response", (res) => {
      if (res.request().resourceType() === "script")
        scripts.push(
          res.body().then(
            (b) => gzipSync(b, { level: 6 }).byteLength,
            () => 0,
          ),
        );
    });
    const res = await fresh.goto(`${BASE}${pathname}`, { waitUntil: "load" });
    if (!res || res.status() !== 200 || !fresh.url().endsWith(pathname)) {
      rows.push(`| ${pathname} | not served (${res?.status() ?? "no answer"}) | | | | |`);
      await fresh.close();
      continue;
    }
    const jsKb = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024;
    await fresh.close();
    const budget = CHART_PAGES.has(pathname) ? 260 : 200;

    const perf: number[] = [];
    const a11y: number[] = [];
    const practices: number[] = [];
    const tbt: number[] = [];
    const lcp: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(
        `${BASE}${pathname}`,
        {
          port: DEBUG_PORT,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices"],
          extraHeaders: anonymous ? {} : { Cookie: cookie },
          disableStorageReset: true,
        },
        values.desktop ? desktopConfig : undefined,
      );
      const lhr = result!.lhr;
      if (process.env.LIGHTHOUSE_JSON_DIR)
        writeFileSync(
          path.join(process.env.LIGHTHOUSE_JSON_DIR, `${pathname.replaceAll("/", "_") || "_"}-${i}.json`),
          JSON.stringify(lhr),
        );
      perf.push(Math.round((lhr.categories.performance!.score ?? 0) * 100));
      a11y.push(Math.round((lhr.categories.accessibility!.score ?? 0) * 100));
      practices.push(Math.round((lhr.categories["best-practices"]!.score ?? 0) * 100));
      tbt.push(Math.round(lhr.audits["total-blocking-time"]!.numericValue ?? 0));
      lcp.push(Math.round(lhr.audits["largest-contentful-paint"]!.numericValue ?? 0));
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score === 0 && lhr.categories.accessibility!.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id);
      if (failed.length) console.error(`${pathname}: accessibility audits failing: ${failed.join(", ")}`);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    rows.push(
      `| ${pathname} | ${median(perf)} | ${median(a11y)} | ${median(practices)} | ${median(tbt)} / ${median(lcp)} | ` +
        `${jsKb.toFixed(1)} kB (budget ${budget}) |`,
    );
  }
  await browser.close();

  console.log(`\nDemo program created on first start in ${demoSeconds} s.\n`);
  console.log(`Lighthouse ${values.desktop ? "desktop" : "mobile"}, median of ${RUNS} run(s):\n`);
  console.log(
    "| page | performance | accessibility | best practices | TBT / LCP ms | first-load JS (gzip) |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}
