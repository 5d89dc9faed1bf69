import pino from "pino";
import { env } from "@/lib/env";

/**
 * The process logger (JSON lines on stdout). Credentials are redacted by path so a logged
 * request or error never carries them; code still must not log secrets on purpose.
 */
export const log = pino({
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
});
