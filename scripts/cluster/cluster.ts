import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { childProcessEnv } from "@/lib/env";
import { buildIfNeeded } from "@/server/process/build-if-needed";
import { APP_NODE_FLAGS } from "@/server/process/node-flags";
import { checkHaproxyConfig, ensureHaproxy, haproxyConfig } from "./haproxy";
import { listening, pooledUrl, preparePgbouncer } from "./pgbouncer";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ClusterOptions {
  /** App instances (WORKER=off) and standalone workers. */
  apps: number;
  workers: number;
  /** The balancer's public port, the first app port (the others follow), HAProxy's stats port. */
  port: number;
  appPortBase: number;
  statsPort: number;
  /** Postgres URL shared by every instance. */
  databaseUrl: string;
  /** Logs, the HAProxy configuration and (sandbox only) generated secrets live here. */
  dir: string;
  /**
   * PgBouncer in transaction mode between the instances and Postgres (scripts/cluster/pgbouncer.ts):
   * its port and the server sessions it keeps per database and user.
   */
  pgbouncer?: { port: number; poolSize: number };
  /** Extra variables for every instance (e.g. WEBHOOK_ALLOW_LOCALHOST=on in tests). */
  env?: Record<string, string | undefined>;
  say?: (line: string) => void;
}

export interface Member {
  name: string;
  kind: "app" | "worker" | "balancer" | "pooler";
  /** Apps only. */
  port?: number;
  child?: ChildProcess;
  log: string;
  /** Starts (and restarts) so far. */
  starts: number;
}

/**
 * Secrets every instance must share. Taken from the caller's environment; in sandbox mode a missing
 * pair is generated once into the cluster folder so restarts keep decrypting what was sealed.
 */
type GivenSecrets = { ENCRYPTION_KEY?: string; AUTH_SECRET?: string; SVC_MODE?: string };

function sharedSecrets(o: ClusterOptions, given: GivenSecrets): Record<string, string> {
  if (given.ENCRYPTION_KEY && given.AUTH_SECRET)
    return { ENCRYPTION_KEY: given.ENCRYPTION_KEY, AUTH_SECRET: given.AUTH_SECRET };
  if ((o.env?.SVC_MODE ?? given.SVC_MODE) === "live")
    throw new Error("SVC_MODE=live: set ENCRYPTION_KEY and AUTH_SECRET for every instance.");
  const file = path.join(o.dir, "secrets.json");
  if (!existsSync(file)) {
    const fresh = {
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
    };
    writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function answers(url: string, okOnly = true): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return okOnly ? res.ok : true;
  } catch {
    return false;
  }
}

export class Cluster {
  readonly url: string;
  readonly apps: Member[];
  readonly workers: Member[];
  readonly balancer: Member;
  /** PgBouncer, when the cluster runs with one. */
  readonly pooler?: Member;
  private readonly childEnv: Record<string, string | undefined>;
  private readonly say: (line: string) => void;
  /** Set by stop(): no member starts after it. */
  private stopping = false;

  constructor(
    private readonly o: ClusterOptions,
    private readonly haproxyBin: string,
    private readonly configFile: string,
    secrets: Record<string, string>,
    private readonly poolerCommand?: [string, string[]],
  ) {
    this.say = o.say ?? (() => {});
    this.url = `http://127.0.0.1:${o.port}`;
    const logs = path.join(o.dir, "logs");
    mkdirSync(logs, { recursive: true });
    const member = (name: string, kind: Member["kind"], port?: number): Member => ({
      name,
      kind,
      port,
      log: path.join(logs, `${name}.log`),
      starts: 0,
    });
    this.apps = Array.from({ length: o.apps }, (_, i) => member(`app${i + 1}`, "app", o.appPortBase + i));
    this.workers = Array.from({ length: o.workers }, (_, i) => member(`worker${i + 1}`, "worker"));
    this.balancer = member("haproxy", "balancer");
    if (o.pgbouncer) this.pooler = member("pgbouncer", "pooler");
    this.childEnv = {
      DATABASE_URL: o.pgbouncer ? pooledUrl(o.databaseUrl, o.pgbouncer.port) : o.databaseUrl,
      DATABASE_DIRECT_URL: o.pgbouncer ? o.databaseUrl : undefined,
      ...secrets,
      NODE_ENV: "production",
      // Instances sit behind the balancer, which sets X-Forwarded-For from the client's socket.
      TRUST_PROXY: "on",
      APP_URL: `http://localhost:${o.port}`,
      DEMO_SEED: "off",
      ...o.env,
    };
  }

  /** Spawns a member in its own process group (so a kill takes tsx and node together). */
  start(m: Member): void {
    // A restart scheduled before stop() (the chaos run restarts a killed member a second later)
    // would otherwise outlive the run as an orphaned app or worker.
    if (this.stopping) return;
    if (m.child && m.child.exitCode === null && m.child.signalCode === null) return;
    const fd = openSync(m.log, "a");
    const [cmd, args, vars] =
      m.kind === "balancer"
        ? [this.haproxyBin, ["-db", "-f", this.configFile], {}]
        : m.kind === "pooler"
          ? [...this.poolerCommand!, {}]
          : m.kind === "app"
            ? [
                process.execPath,
                [...APP_NODE_FLAGS, "--import", "tsx", "server/main.ts"],
                { PORT: String(m.port), WORKER: "off" },
              ]
            : [process.execPath, ["--import", "tsx", "server/worker-main.ts"], {}];
    m.child = spawn(cmd, args, {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", fd, fd],
      env: childProcessEnv({ ...this.childEnv, HOST: "127.0.0.1", ...vars }),
    });
    closeSync(fd);
    m.starts++;
  }

  /** SIGKILL, as a crash: no graceful shutdown, in-flight requests and claimed jobs cut off. */
  kill(m: Member, signal: NodeJS.Signals = "SIGKILL"): void {
    if (!m.child || m.child.exitCode !== null || m.child.signalCode !== null) return;
    try {
      process.kill(-m.child.pid!, signal);
    } catch {
      // already gone
    }
  }

  async stopMember(m: Member, graceMs = 10_000): Promise<void> {
    const child = m.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    this.kill(m, "SIGTERM");
    await Promise.race([exited, sleep(graceMs)]);
    this.kill(m, "SIGKILL");
    await Promise.race([exited, sleep(2_000)]);
  }

  /** Resolves when the app answers its liveness probe on its own port. */
  async appReady(m: Member, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await answers(`http://127.0.0.1:${m.port}/api/health/ping`))) {
      if (m.child?.exitCode !== null && m.child?.exitCode !== undefined)
        throw new Error(`${m.name} exited (${m.child.exitCode}); see ${m.log}`);
      if (Date.now() > deadline) throw new Error(`${m.name} not ready in ${timeoutMs} ms; see ${m.log}`);
      await sleep(250);
    }
  }

  /** Per-server state from HAProxy's stats CSV: { app1: "UP", app2: "DOWN", ... }. */
  async balancerView(): Promise<Record<string, string>> {
    const res = await fetch(`http://127.0.0.1:${this.o.statsPort}/stats;csv`);
    const view: Record<string, string> = {};
    for (const line of (await res.text()).split("\n")) {
      const [proxy, server, ...rest] = line.split(",");
      if (proxy === "apps" && server?.startsWith("app")) view[server] = rest[15] ?? "?";
    }
    return view;
  }

  /** Resolves when HAProxy has every app instance in service and /api/health answers 200. */
  async ready(timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const view = await this.balancerView().catch(() => ({}) as Record<string, string>);
      const allUp = this.apps.every((a) => view[a.name] === "UP");
      if (allUp && (await answers(`${this.url}/api/health`))) return;
      const exit = this.balancer.child?.exitCode;
      if (exit !== null && exit !== undefined)
        throw new Error(`HAProxy exited (${exit}), e.g. its port is taken; see ${this.balancer.log}`);
      if (Date.now() > deadline)
        throw new Error(
          `cluster not ready in ${timeoutMs} ms: ${JSON.stringify(view)} (logs in ${this.o.dir})`,
        );
      await sleep(250);
    }
  }

  /** Starts every process; resolves when the balancer has every app instance in service. */
  async up(): Promise<void> {
    try {
      this.start(this.balancer);
      if (this.pooler) {
        this.start(this.pooler);
        await listening(this.o.pgbouncer!.port);
      }
      // Every instance migrates under an advisory lock: the first does the work.
      for (const w of this.workers) this.start(w);
      for (const a of this.apps) this.start(a);
      await Promise.all(this.apps.map((a) => this.appReady(a)));
      await this.ready();
    } catch (err) {
      await this.stop();
      throw err;
    }
    this.say(`cluster up: ${this.apps.length} app instances, ${this.workers.length} workers, on ${this.url}`);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.apps, ...this.workers].map((m) => this.stopMember(m)));
    await this.stopMember(this.balancer, 2_000);
    if (this.pooler) await this.stopMember(this.pooler, 2_000);
  }
}

/**
 * Prepares the cluster (HAProxy installed when missing and its configuration checked, the dashboard
 * built once, shared secrets); `up()` then starts every process. Install signal handlers between
 * the two so that an interrupted start stops what it started.
 */
export function createCluster(o: ClusterOptions, given: GivenSecrets): Cluster {
  const say = o.say ?? (() => {});
  mkdirSync(o.dir, { recursive: true });
  const bin = ensureHaproxy(say);
  const appPorts = Array.from({ length: o.apps }, (_, i) => o.appPortBase + i);
  const configFile = path.join(o.dir, "haproxy.cfg");
  writeFileSync(
    configFile,
    haproxyConfig({ port: o.port, host: "127.0.0.1", appPorts, statsPort: o.statsPort }),
  );
  checkHaproxyConfig(bin, configFile);
  // Once here, not in each instance at once.
  buildIfNeeded(say);
  const pooler = o.pgbouncer
    ? preparePgbouncer({ ...o.pgbouncer, dir: o.dir, serverUrl: o.databaseUrl }, say)
    : undefined;
  return new Cluster(o, bin, configFile, sharedSecrets(o, given), pooler);
}
