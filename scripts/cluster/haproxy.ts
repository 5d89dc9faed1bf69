import { spawnSync } from "node:child_process";
import { childProcessEnv } from "@/lib/env";

export interface BalancerConfig {
  /** The one public port (bound on 127.0.0.1 unless `host` says otherwise). */
  port: number;
  host: string;
  /** The app instances' ports on 127.0.0.1. */
  appPorts: number[];
  /** HAProxy's stats page (a CSV at /stats;csv), for tests and people. */
  statsPort: number;
}

/**
 * The HAProxy configuration of the local cluster (docs/operations.md explains each part):
 * - round robin over the app instances, active health checks on GET /api/health every second;
 *   an instance is in service while it answers and its database check is "up" (a worker outage
 *   answers 503 on every instance and must not empty the pool);
 * - a refused or reset connection is retried on another instance (redispatch); a request that
 *   reached an instance that then died is retried only when repeating it is harmless: GET/HEAD,
 *   or a request carrying an Idempotency-Key (the API replays the first answer).
 */
export function haproxyConfig(c: BalancerConfig): string {
  const servers = c.appPorts.map(
    (port, i) => `  server app${i + 1} 127.0.0.1:${port} check inter 1s fall 2 rise 1 maxconn 256`,
  );
  return [
    "global",
    "  maxconn 4096",
    "  log stderr format short local0 warning",
    "",
    "defaults",
    "  mode http",
    "  log global",
    "  option dontlognull",
    "  timeout connect 2s",
    "  timeout client 65s",
    "  timeout server 65s",
    "  timeout http-keep-alive 60s",
    "  timeout queue 10s",
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response response-timeout 502 503 504",
    "  option http-buffer-request",
    "",
    "frontend public",
    `  bind ${c.host}:${c.port}`,
    "  option forwardfor",
    "  default_backend apps",
    "",
    "backend apps",
    "  balance roundrobin",
    "  option httpchk",
    "  http-check send meth GET uri /api/health ver HTTP/1.1 hdr host localhost",
    '  http-check expect rstring "\\"database\\":\\{\\"status\\":\\"up\\""',
    "  acl replayable method GET HEAD OPTIONS",
    "  acl keyed req.hdr(idempotency-key) -m found",
    "  http-request disable-l7-retry unless replayable || keyed",
    ...servers,
    "",
    "frontend stats",
    `  bind 127.0.0.1:${c.statsPort}`,
    "  stats enable",
    "  stats uri /stats",
    "  stats refresh 2s",
    "",
  ].join("\n");
}

/** The haproxy binary, installed from Debian's packages when missing (root only). */
export function ensureHaproxy(say: (line: string) => void): string {
  const found = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  if (process.getuid?.() !== 0)
    throw new Error("HAProxy is not installed: run `sudo apt-get install haproxy` (Debian/Ubuntu).");
  say("Installing HAProxy from the Debian packages (apt-get)...");
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "haproxy"],
  ]) {
    const r = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: childProcessEnv({ DEBIAN_FRONTEND: "noninteractive" }),
    });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed (exit ${r.status}).`);
  }
  return "/usr/sbin/haproxy";
}

/** Fails with HAProxy's own message when the configuration is invalid. */
export function checkHaproxyConfig(bin: string, file: string): void {
  const r = spawnSync(bin, ["-c", "-q", "-f", file], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`invalid HAProxy configuration:\n${r.stdout}${r.stderr}`);
}
