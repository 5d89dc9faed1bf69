import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { childProcessEnv } from "@/lib/env";
import { createApiApp } from "@/server/api/app";
import { totpCode } from "@/server/auth/totp";
import { bootWorker } from "@/server/boot";
import type { Db } from "@/server/db/client";
import { startWorker, type WorkerHandle } from "@/server/jobs/worker";
import { scopeDeliveryPumps } from "@/server/webhooks/register";
import { createTestOrg } from "./fixtures";

/**
 * The app the card-console CLI tests talk to (cli/card-console/cli.test.ts): the REST API on a
 * real port that can go away and come back on the same port (a restart), the worker beside it
 * (wallet deployment, payout steps, gateway expiry), and a program with a full API key.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface CliApp {
  app: ReturnType<typeof createApiApp>;
  baseUrl: string;
  key: { "x-api-key": string; "x-api-secret": string };
  /** Closes the port (connections refused) until `start` opens it again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startCliApp(db: Db): Promise<CliApp> {
  bootWorker();
  const app = createApiApp();
  let server: http.Server | undefined;
  let port = 0;
  const start = async () => {
    const listener = getRequestListener(app.fetch);
    const s = http.createServer((req, res) => void listener(req, res));
    await new Promise<void>((resolve) => s.listen(port, "127.0.0.1", resolve));
    port = (s.address() as AddressInfo).port;
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await start();
  const org = await createTestOrg(db);
  // On a shared Postgres the webhook pumps of this process send this program's deliveries only
  // (the webhook.delivery.exhausted trigger runs them), never another test file's, and its worker
  // runs this program's jobs only (it had submitted swaps.test.ts's swaps behind its back).
  scopeDeliveryPumps(org.orgId);
  const worker: WorkerHandle = await startWorker({ db, pollMs: 50, events: false, orgId: org.orgId });

  const access_token = await org.token(org.admin.userId);
  const res = await app.request("/api/apikey/create", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${access_token}`,
      "x-2fa-token": totpCode(org.admin.totpSecret),
    },
    body: JSON.stringify({
      name: "card-console CLI test",
      permissions: ["read", "write", "transactions", "webhooks"],
    }),
  });
  if (res.status !== 201) throw new Error(`API key: ${res.status} ${await res.text()}`);
  const made = (await res.json()) as { api_key: string; api_secret: string };
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    key: { "x-api-key": made.api_key, "x-api-secret": made.api_secret },
    stop,
    start,
    close: async () => {
      await worker.stop(1_000);
      scopeDeliveryPumps(undefined);
      await stop();
    },
  };
}

/** A CLI process (bin/card-console.mjs), its output collected line by line. */
export interface CliProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves when the output matches (searched from `from`, a previous length), or fails after timeoutMs. */
  waitFor(pattern: RegExp, timeoutMs?: number, from?: number): Promise<void>;
  exited: Promise<number | null>;
}

export function runCli(args: string[], env: Record<string, string>): CliProcess {
  const child = spawn(process.execPath, [path.join(ROOT, "bin/card-console.mjs"), ...args], {
    cwd: ROOT,
    env: childProcessEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout!.on("data", (b: Buffer) => (text += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (text += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    async waitFor(pattern, timeoutMs = 30_000, from = 0) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text.slice(from))) {
        if (Date.now() > deadline) throw new Error(`No ${pattern} in the CLI's output:\n${text}`);
        if (child.exitCode !== null && !pattern.test(text.slice(from)))
          throw new Error(`The CLI exited (${child.exitCode}) before ${pattern}:\n${text}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** Runs a CLI command to its end. */
export async function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const p = runCli(args, env);
  const code = await p.exited;
  return { code, out: p.output() };
}
