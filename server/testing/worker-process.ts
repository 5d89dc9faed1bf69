import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { childProcessEnv } from "@/lib/env";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything it printed, for timeout messages. */
  output: string[];
  exited: Promise<number | null>;
}

/**
 * Real standalone workers for the multi-process (*.pg.test.ts) tests. Each runs in its own
 * process group, so npx, tsx and node die together when the group is killed, as on a machine
 * crash. killAll() in afterAll leaves nothing behind.
 */
export function workerProcesses() {
  const children: ChildProcess[] = [];
  return {
    spawn(vars: Record<string, string | undefined>, args: string[] = []): WorkerProcess {
      const child = spawn("npx", ["tsx", "server/testing/worker-main.ts", ...args], {
        cwd: ROOT,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: childProcessEnv(vars),
      });
      children.push(child);
      const output: string[] = [];
      child.stdout!.on("data", (b: Buffer) => output.push(b.toString()));
      child.stderr!.on("data", (b: Buffer) => output.push(b.toString()));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      return { child, output, exited };
    },
    killAll(): void {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) killGroup(child, "SIGKILL");
    },
  };
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls until the probe returns something truthy; on timeout, fails with the workers' output. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | false | null | undefined>,
  timeoutMs: number,
  output?: string[],
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output?.join("") ?? ""}`);
    await sleep(everyMs);
  }
}
