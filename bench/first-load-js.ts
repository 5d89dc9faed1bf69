/**
 * First-load JavaScript per page, read from the production build (`npm run build` first), no
 * server needed: the scripts Next puts in a page's HTML (the root main files and the client chunks
 * of the page's layouts and page, from its client reference manifest), each gzipped here at level 6
 * (what a compressing server sends). Charts and dialogs loaded on demand are not in it.
 *
 *   npx tsx bench/first-load-js.ts [--chunks] [--pages /overview,/customers]
 *
 * --chunks also lists each page's chunks, largest first, with the libraries found in them, to see
 * what to cut. bench/lighthouse.ts measures the same in a browser (every script a fresh load
 * fetches until the load event) beside the Lighthouse scores.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const { values } = parseArgs({
  options: { chunks: { type: "boolean", default: false }, pages: { type: "string" } },
});

/** Page -> its app directory and budget (kB gzip): chart pages 260, list pages 200. */
export const PAGES: Record<string, { dir: string; budget: number }> = {
  "/overview": { dir: "(dashboard)/overview", budget: 260 },
  "/developers/webhooks/[webhookId]": { dir: "(dashboard)/developers/webhooks/[webhookId]", budget: 260 },
  "/customers": { dir: "(dashboard)/customers", budget: 200 },
  "/customers/[svcCardId]": { dir: "(dashboard)/customers/[svcCardId]", budget: 200 },
  "/transactions": { dir: "(dashboard)/transactions", budget: 200 },
  "/cards": { dir: "(dashboard)/cards", budget: 200 },
  "/balances": { dir: "(dashboard)/balances", budget: 200 },
  "/disputes": { dir: "(dashboard)/disputes", budget: 200 },
  "/payments": { dir: "(dashboard)/payments", budget: 200 },
  "/swaps": { dir: "(dashboard)/swaps", budget: 200 },
  "/screening": { dir: "(dashboard)/screening", budget: 200 },
  "/sandbox": { dir: "(dashboard)/sandbox", budget: 200 },
  "/developers/webhooks": { dir: "(dashboard)/developers/webhooks", budget: 200 },
  "/developers/api-keys": { dir: "(dashboard)/developers/api-keys", budget: 200 },
  "/settings/team": { dir: "(dashboard)/settings/team", budget: 200 },
  "/settings/audit": { dir: "(dashboard)/settings/audit", budget: 200 },
  "/settings/security": { dir: "(dashboard)/settings/security", budget: 200 },
};

/** Libraries recognised in a chunk by a string of theirs, for --chunks. */
const MARKERS: Record<string, RegExp> = {
  "react-dom": /react-dom\.production|__reactContainer/,
  "next router": /next-router-state-tree|__next_f/,
  "@tanstack/react-query": /QueryClient|useQuery|queryCache/,
  "radix dialog": /DialogContent|DialogOverlay|RemoveScroll/,
  "radix dropdown/popper": /DropdownMenu|floating-ui|Popper/,
  "radix tooltip": /TooltipProvider|TooltipContent/,
  "radix tabs": /TabsTrigger|RovingFocus/,
  zod: /ZodError|\$ZodType|_zod/,
  recharts: /recharts|ResponsiveContainer/,
  "next-themes": /next-themes|theme-color|data-theme/,
  "next-auth": /next-auth|__Secure-next-auth|csrfToken/,
  "lucide icons": /lucide/,
  "libphonenumber-js": /libphonenumber|metadata\.min/,
  "decimal.js": /DecimalError|\[DecimalError\]/,
  qrcode: /qrcode|QR Code/i,
};

const root = process.cwd();
const next = path.join(root, ".next");
if (!existsSync(path.join(next, "build-manifest.json"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
const buildManifest = JSON.parse(readFileSync(path.join(next, "build-manifest.json"), "utf8")) as {
  rootMainFiles: string[];
};

const gz = new Map<string, number>();
function gzipKb(file: string): number {
  let size = gz.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(next, file)), { level: 6 }).byteLength / 1024;
    gz.set(file, size);
  }
  return size;
}

function chunksOf(dir: string): string[] | null {
  const manifest = path.join(next, "server", "app", dir, "page_client-reference-manifest.js");
  if (!existsSync(manifest)) return null;
  const g = globalThis as { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> };
  g.__RSC_MANIFEST = {};
  (globalThis as { self?: unknown }).self = globalThis;
  new Function(readFileSync(manifest, "utf8"))();
  const entry = g.__RSC_MANIFEST[`/${dir}/page`];
  if (!entry) return null;
  const files = new Set(buildManifest.rootMainFiles);
  for (const [key, list] of Object.entries(entry.entryJSFiles))
    if (key.endsWith("/layout") || key.endsWith(`/${dir}/page`)) for (const f of list) files.add(f);
  return [...files];
}

const wanted = values.pages ? values.pages.split(",") : Object.keys(PAGES);
console.log("| page | first-load JS (gzip) | budget | |");
console.log("|---|---|---|---|");
const details: string[] = [];
for (const page of wanted) {
  const spec = PAGES[page];
  const files = spec ? chunksOf(spec.dir) : null;
  if (!spec || !files) {
    console.log(`| ${page} | not in this build | | |`);
    continue;
  }
  const kb = files.reduce((sum, f) => sum + gzipKb(f), 0);
  console.log(
    `| ${page} | ${kb.toFixed(1)} kB | ${spec.budget} kB | ${kb <= spec.budget ? "met" : "over"} |`,
  );
  if (values.chunks) {
    details.push(`\n${page}`);
    for (const f of [...files].sort((a, b) => gzipKb(b) - gzipKb(a))) {
      const text = readFileSync(path.join(next, f), "utf8");
      const libs = Object.entries(MARKERS)
        .filter(([, re]) => re.test(text))
        .map(([name]) => name);
      details.push(`  ${gzipKb(f).toFixed(1).padStart(6)} kB  ${f}  ${libs.join(", ")}`);
    }
  }
}
if (details.length) console.log(details.join("\n"));
