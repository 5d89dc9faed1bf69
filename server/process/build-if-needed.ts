import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCES = [
  "app",
  "components",
  "lib",
  "server",
  "public",
  "next.config.ts",
  "postcss.config.mjs",
  "package-lock.json",
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * `npm start` on a fresh clone (or after a pull) builds the dashboard first, so the two README
 * commands are all a new user needs. A build is needed when there is none or a source is newer.
 */
export function buildIfNeeded(log: (msg: string) => void): void {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  if (existsSync(buildId)) {
    const builtAt = statSync(buildId).mtimeMs;
    const stale = SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > builtAt);
    if (!stale) return;
    log("Sources changed since the last build: rebuilding the dashboard (next build)...");
  } else {
    log("No production build yet: building the dashboard (next build), this takes a minute or two...");
  }
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "build"],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status}).`);
}
