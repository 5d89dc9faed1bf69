import { closeSync, openSync, writeSync } from "node:fs";
import pino from "pino";
import { env } from "@/lib/env";
import { safeDbError } from "@/server/db/errors";

type LogSink = (line: string) => void;
const sinks = new Set<LogSink>();

const testLogFile = env().NODE_ENV === "test" ? env().SVC_TEST_LOG_FILE : undefined;
let testLogFd: number | undefined;

/** stdout, plus any sink a test attached; in a test run, the run's log file instead of stdout. */
const destination = {
  write(line: string) {
    if (testLogFile) {
      testLogFd ??= openSync(testLogFile, "a");
      writeSync(testLogFd, line);
    } else process.stdout.write(line);
    for (const sink of sinks) sink(line);
  },
};
process.once("exit", () => {
  if (testLogFd !== undefined) closeSync(testLogFd);
});

/**
 * The process logger (JSON lines on stdout). Credentials are redacted by path so a logged
 * request or error never carries them; code still must not log secrets on purpose.
 */
export const log = pino(
  {
    // Tests log everything to the run's file, which server/testing/log-scan.ts searches.
    level: env().NODE_ENV === "test" ? (testLogFile ? "debug" : "silent") : env().LOG_LEVEL,
    base: { pid: process.pid },
    serializers: { err: serializeError },
    redact: {
      paths: [
        "req.headers.authorization",
        'req.headers["x-api-secret"]',
        'req.headers["x-2fa-token"]',
        "*.password",
        "*.api_secret",
        "*.secret",
        "*.access_token",
        "*.two_factor_token",
      ],
      censor: "[redacted]",
    },
  },
  destination,
);

/**
 * An error as it is logged: a database error by its Postgres code and SQL text only (never the
 * query's parameters nor the values its message quotes); any other error by type, message, code
 * and stack, its cause likewise.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const db = safeDbError(err);
  if (db) return db;
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    message: err.message,
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    stack: err.stack,
    ...(err.cause !== undefined && depth < 4 ? { cause: serializeError(err.cause, depth + 1) } : {}),
  };
}

/** Tests: every line logged until stop() is called, at the given level. */
export function captureLogs(level: pino.LevelWithSilent = "trace"): { lines: string[]; stop(): void } {
  const lines: string[] = [];
  const sink: LogSink = (line) => lines.push(line);
  const previous = log.level;
  log.level = level;
  sinks.add(sink);
  return {
    lines,
    stop() {
      sinks.delete(sink);
      log.level = previous;
    },
  };
}
