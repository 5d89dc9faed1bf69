/**
 * Where a V8 CPU profile's time went (a `.cpuprofile` from `node --cpu-prof`, e.g.
 * `npx tsx bench/http-overhead.ts --cpu-prof DIR`): self time by area of the code (node's HTTP and
 * streams, Hono, the REST kit, auth, zod, JSON, GC...) and the functions with the most self time.
 * Idle time (the event loop waiting) is left out of the shares.
 *
 *   npx tsx bench/cpu-profile-summary.ts FILE.cpuprofile [--top 25]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  options: { top: { type: "string", default: "25" } },
  allowPositionals: true,
});
if (positionals.length !== 1) throw new Error("usage: cpu-profile-summary.ts FILE.cpuprofile [--top N]");
const profile = JSON.parse(readFileSync(positionals[0]!, "utf8")) as Profile;

/** Areas, first match wins: a function's URL (or its name, for V8's own entries). */
const AREAS: [string, RegExp][] = [
  ["idle", /^\(idle\)$/],
  ["garbage collection", /^\(garbage collector\)$/],
  ["program (V8, native)", /^\(program\)$/],
  ["Next.js", /node_modules\/next\//],
  ["Hono and @hono/node-server", /node_modules\/(hono|@hono)\//],
  ["zod", /node_modules\/zod\//],
  ["pino (logs)", /node_modules\/pino/],
  ["prom-client, OpenTelemetry", /node_modules\/(prom-client|@opentelemetry)\//],
  ["tsx (loader)", /node_modules\/tsx\//],
  ["other packages", /node_modules\//],
  ["REST kit (server/http)", /\/server\/http\//],
  ["observability (server/observability)", /\/server\/observability\//],
  ["auth, credentials (server/auth, apikeys)", /\/server\/(auth|apikeys)\//],
  ["routes (server/api)", /\/server\/api\//],
  ["other server code", /\/server\//],
  ["lib", /\/lib\//],
  [
    "node: http, net, streams",
    /^node:(_http|http|net|stream|internal\/(http|streams|net|stream_base|js_stream))/,
  ],
  [
    "node: timers, async hooks, events",
    /^node:(internal\/(timers|async_hooks|process\/task_queues|event_target)|events|timers)/,
  ],
  ["node: other", /^node:/],
];

function areaOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  const key = url || functionName;
  for (const [area, re] of AREAS) if (re.test(key) || re.test(functionName)) return area;
  if (!url && /^(JSON\.|stringify|parse)/.test(functionName)) return "JSON";
  if (!url) return "V8 builtins (no URL: JSON, Promise, RegExp, ...)";
  return "other";
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]!;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

const areas = new Map<string, number>();
const functions = new Map<string, number>();
let busy = 0;
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const area = areaOf(node);
  if (area === "idle") continue;
  busy += us;
  areas.set(area, (areas.get(area) ?? 0) + us);
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.replace(/^.*\/(node_modules|server|lib)\//, "$1/")}:${lineNumber + 1}`
    : "(native)";
  const fn = `${functionName || "(anonymous)"} ${where}`;
  functions.set(fn, (functions.get(fn) ?? 0) + us);
}

const pct = (us: number) => `${((100 * us) / busy).toFixed(1)} %`;
console.log(`busy ${(busy / 1e6).toFixed(2)} s of CPU in the profile (idle left out)\n`);
console.log("| area | self time | share |\n|---|---|---|");
for (const [area, us] of [...areas].sort((a, b) => b[1] - a[1]))
  console.log(`| ${area} | ${(us / 1e3).toFixed(0)} ms | ${pct(us)} |`);
console.log(`\n| function (top ${values.top} by self time) | share |\n|---|---|`);
for (const [fn, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
  console.log(`| \`${fn}\` | ${pct(us)} |`);
