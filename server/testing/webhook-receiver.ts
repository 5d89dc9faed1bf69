import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { setEnvForTests } from "@/lib/env";
import { registerWebhookHandlers } from "@/server/webhooks/register";

/** A local webhook receiver for the webhook tests: records raw bytes, answers as told. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export type Responder = (req: ReceivedRequest, res: http.ServerResponse) => void;

export interface TestReceiver {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** How to answer from now on (default 200 "ok"). */
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export const answer =
  (status: number, body = "", headers: Record<string, string> = {}): Responder =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

export async function startTestReceiver(opts: { record?: boolean } = {}): Promise<TestReceiver> {
  const received: ReceivedRequest[] = [];
  let responder: Responder = answer(200, "ok");
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      if (opts.record !== false) received.push(r);
      responder(r, res);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    respond: (r) => (responder = r),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The receiver of a webhook test file: sandbox mode with localhost endpoints allowed and the webhook
 * job handlers registered before its tests, the receiver closed and localhost refused again after.
 * The object is filled in by beforeAll: read it inside tests, not at the file's top level.
 */
export function withTestReceiver(): TestReceiver {
  const receiver = {} as TestReceiver;
  beforeAll(async () => {
    setEnvForTests({ SVC_MODE: "sandbox", WEBHOOK_ALLOW_LOCALHOST: "1" });
    Object.assign(receiver, await startTestReceiver());
    registerWebhookHandlers();
  });
  afterAll(async () => {
    setEnvForTests({ WEBHOOK_ALLOW_LOCALHOST: undefined });
    await receiver.close();
  });
  return receiver;
}
