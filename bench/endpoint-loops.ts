import { spawn } from "node:child_process";
import { once } from "node:events";
import { childProcessEnv } from "@/lib/env";

/**
 * The receivers of bench/authorization-endpoint.ts. Its load loops are bench/authorization-loops.ts,
 * shared with bench/authorization-controls.ts.
 */

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
