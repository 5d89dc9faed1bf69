import { spawnSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { childProcessEnv } from "@/lib/env";

/**
 * PgBouncer in transaction mode in front of the cluster's Postgres (`npm run cluster -- --pgbouncer`,
 * docs/operations.md "Connection pooler"): every instance's pool connects to it, and it keeps at
 * most `poolSize` server sessions per database and user however many instances there are. The
 * instances get the server's own URL as DATABASE_DIRECT_URL for what needs a session of its own
 * (LISTEN, the migrations' advisory lock); their statements go unnamed (server/db/client.ts).
 */
export interface PoolerConfig {
  /** The port PgBouncer listens on (127.0.0.1). */
  port: number;
  /** Server sessions per database and user. */
  poolSize: number;
  /** Where the configuration, its user list and the log go. */
  dir: string;
  /** The Postgres server behind it (from DATABASE_URL). */
  serverUrl: string;
}

/** pgbouncer.ini: every database of the server, by the name the client asks for. */
export function pgbouncerConfig(c: PoolerConfig): string {
  const server = new URL(c.serverUrl);
  return [
    "[databases]",
    `* = host=${server.hostname} port=${server.port || 5432}`,
    "",
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${c.port}`,
    // The cluster is local: the server trusts 127.0.0.1, and so does the pooler; a deployment
    // sets auth_type scram-sha-256 with an auth_file or auth_query.
    "auth_type = trust",
    `auth_file = ${path.join(c.dir, "userlist.txt")}`,
    "pool_mode = transaction",
    `default_pool_size = ${c.poolSize}`,
    "max_client_conn = 2000",
    "server_reset_query =",
    "ignore_startup_parameters = extra_float_digits,options",
    "unix_socket_dir =",
    // Postgres restarts (the chaos run) must not be answered with a closed pool for long.
    "server_login_retry = 1",
    "",
  ].join("\n");
}

/** The pooler's URL for a server URL: same user and database, the pooler's host and port. */
export function pooledUrl(serverUrl: string, port: number): string {
  const u = new URL(serverUrl);
  u.hostname = "127.0.0.1";
  u.port = String(port);
  return u.toString();
}

/** Writes the configuration; returns the command that runs PgBouncer in the foreground. */
export function preparePgbouncer(c: PoolerConfig, say: (line: string) => void): [string, string[]] {
  const bin = ensurePgbouncer(say);
  const user = decodeURIComponent(new URL(c.serverUrl).username || "postgres");
  const ini = path.join(c.dir, "pgbouncer.ini");
  writeFileSync(path.join(c.dir, "userlist.txt"), `"${user}" ""\n`);
  writeFileSync(ini, pgbouncerConfig(c));
  // PgBouncer refuses to run as root: it drops to the postgres user, who must read both files.
  chmodSync(ini, 0o644);
  chmodSync(path.join(c.dir, "userlist.txt"), 0o644);
  return process.getuid?.() === 0 ? [bin, ["-u", "postgres", ini]] : [bin, [ini]];
}

/** The pgbouncer binary, installed from Debian's packages when missing (root only). */
function ensurePgbouncer(say: (line: string) => void): string {
  const found = spawnSync("sh", ["-c", "command -v pgbouncer"], { encoding: "utf8" });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  if (process.getuid?.() !== 0)
    throw new Error("PgBouncer is not installed: run `sudo apt-get install pgbouncer` (Debian/Ubuntu).");
  say("Installing PgBouncer from the Debian packages (apt-get)...");
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "pgbouncer"],
  ]) {
    const r = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: childProcessEnv({ DEBIAN_FRONTEND: "noninteractive" }),
    });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed (exit ${r.status}).`);
  }
  return "/usr/sbin/pgbouncer";
}

/** Resolves once the port accepts connections. */
export async function listening(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => {
        s.destroy();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
