import { spawn } from "node:child_process";
import { once } from "node:events";
import { childProcessEnv } from "@/lib/env";

/**
 * The loops of bench/authorization-endpoint.ts. Each authorization's latency is taken twice: from its
 * scheduled start (a stall counts against everything that waited for it) and from its own start (when
 * the authorization was called: what "within timeout_ms + 50 ms of its start" measures).
 */

export interface LoopResult {
  total: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** From each authorization's own start. */
  ownP99: number;
  ownMax: number;
  statuses: Map<string, number>;
}

type AuthorizeOne = () => Promise<{ status: string }>;

function summary(scheduled: number[], own: number[], wallS: number, statuses: Map<string, number>) {
  scheduled.sort((a, b) => a - b);
  own.sort((a, b) => a - b);
  const total = scheduled.length;
  const at = (xs: number[], q: number) => xs[Math.min(total - 1, Math.floor(q * total))]!;
  return {
    total,
    perSecond: total / wallS,
    p50: at(scheduled, 0.5),
    p99: at(scheduled, 0.99),
    max: scheduled[total - 1]!,
    ownP99: at(own, 0.99),
    ownMax: own[total - 1]!,
    statuses,
  };
}

/** RATE authorizations a second for SECONDS, each from its scheduled start. */
export async function openLoop(
  authorizeOne: AuthorizeOne,
  rate: number,
  seconds: number,
): Promise<LoopResult> {
  const total = Math.round(rate * seconds);
  const scheduledMs: number[] = [];
  const ownMs: number[] = [];
  const statuses = new Map<string, number>();
  const start = performance.now() + 50;
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const scheduled = start + (i * 1000) / rate;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const began = performance.now();
      const { status } = await authorizeOne();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      scheduledMs.push(performance.now() - scheduled);
      ownMs.push(performance.now() - began);
    }),
  );
  return summary(scheduledMs, ownMs, (performance.now() - start) / 1000, statuses);
}

/** INFLIGHT authorizations at a time for SECONDS: what the machine sustains, and each one's latency. */
export async function closedLoop(
  authorizeOne: AuthorizeOne,
  inflight: number,
  seconds: number,
): Promise<LoopResult> {
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: inflight }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const { status } = await authorizeOne();
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return summary(latencies, [...latencies], (performance.now() - start) / 1000, statuses);
}

/** A receiver in a child process (bench/endpoint-receiver.mjs): its URL; killed when the bench exits. */
export async function receiver(answerAfterMs: number | null): Promise<string> {
  const child = spawn(process.execPath, [new URL("./endpoint-receiver.mjs", import.meta.url).pathname], {
    env: childProcessEnv({ ANSWER_MS: answerAfterMs === null ? "never" : String(answerAfterMs) }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  process.on("exit", () => child.kill());
  const [chunk] = (await once(child.stdout, "data")) as [Buffer];
  return `http://127.0.0.1:${Number(chunk.toString().trim())}/authorize`;
}
