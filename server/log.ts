import pino from "pino";
import { env } from "@/lib/env";

type LogSink = (line: string) => void;
const sinks = new Set<LogSink>();

/** stdout, plus any sink a test attached (to check what reaches the logs). */
const destination = {
  write(line: string) {
    process.stdout.write(line);
    for (const sink of sinks) sink(line);
  },
};

/**
 * The process logger (JSON lines on stdout). Credentials are redacted by path so a logged
 * request or error never carries them; code still must not log secrets on purpose.
 */
export const log = pino(
  {
    level: env().NODE_ENV === "test" ? "silent" : env().LOG_LEVEL,
    base: { pid: process.pid },
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
