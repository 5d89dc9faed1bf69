import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The CLI's stored state (docs/cli.md): the login, the listener's signing secret and where each
 * listener stopped. One JSON file, mode 0600 (it holds an API secret), at
 * ~/.config/card-console/config.json ($XDG_CONFIG_HOME honoured); CARD_CONSOLE_CONFIG names
 * another file (the tests, several programs).
 */

export interface ListenCursor {
  /** The created_at of the newest event handled (forwarded, or left out by --events). */
  created_at: string;
  /** Ids handled (-> their created_at) inside the look-back window: never forwarded twice. */
  handled: Record<string, string>;
}

export interface CliConfig {
  base_url?: string;
  api_key?: string;
  api_secret?: string;
  /** The stable local secret the listener signs with (whsec_ + base64 of 32 bytes). */
  listen_secret?: string;
  /** Per program and forward target: "<base url> <api key> <forward url>". */
  listeners?: Record<string, ListenCursor>;
  /** The sandbox customer `trigger` made, per program ("<base url> <api key>"), reused while it can spend. */
  trigger_customers?: Record<string, { svc_card_id: string; currency: string; card_id?: string }>;
}

export const DEFAULT_BASE_URL = "http://localhost:3000";

export function configPath(): string {
  const explicit = process.env.CARD_CONSOLE_CONFIG;
  if (explicit) return path.resolve(explicit);
  const base = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(base, "card-console", "config.json");
}

export function readConfig(file = configPath()): CliConfig {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, "utf8");
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as CliConfig;
  } catch {
    // Reported below with the file's name.
  }
  throw new Error(`${file} is not a JSON object; fix or delete it.`);
}

/** Written to a temporary file and renamed, so a crash mid-write never leaves half a file. */
export function writeConfig(config: CliConfig, file = configPath()): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

export function updateConfig(change: (config: CliConfig) => void, file = configPath()): CliConfig {
  const config = readConfig(file);
  change(config);
  writeConfig(config, file);
  return config;
}

/** The listener's secret: made once and kept, so a receiver configured with it keeps verifying. */
export function listenSecret(file = configPath()): string {
  const existing = readConfig(file).listen_secret;
  if (existing) return existing;
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  updateConfig((c) => (c.listen_secret = secret), file);
  return secret;
}
