import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { type ErrorCode, isServiceError, ServiceError } from "@/lib/errors";
import { dataErrorAsServiceError, safeDbError } from "@/server/db/errors";
import { log } from "@/server/log";
import { errorBody } from "./envelopes";
import { kitOf } from "./kit-state";
import { sendJson } from "./responses";
import type { ApiEnv } from "./types";

/** Hono's own exceptions (rare: the kit validates itself) by status. */
const HTTP_EXCEPTION_CODE: Partial<Record<number, ErrorCode>> = {
  400: "VALIDATION_ERROR",
  401: "UNAUTHENTICATED",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
};

/**
 * The one mapping from a thrown error to a response: a ServiceError becomes its status and
 * envelope (Retry-After on 429s); a Postgres data error (class 22) a 400 VALIDATION_ERROR, logged
 * without its values; anything else is logged (redacted) and answered 500
 * INTERNAL_ERROR with the request id and nothing of the underlying error.
 */
export function errorResponse(c: Context<ApiEnv>, err: unknown, headers?: Record<string, string>): Response {
  const kit = kitOf(c);
  let error: ServiceError | undefined;
  if (isServiceError(err)) error = err;
  else if ((error = dataErrorAsServiceError(err) ?? undefined)) {
    log.warn(
      { db: safeDbError(err), requestId: kit.requestId, method: c.req.method, route: c.req.routePath },
      "a database data error answered 400 (the edge rule let the input through)",
    );
  } else if (err instanceof HTTPException && HTTP_EXCEPTION_CODE[err.status]) {
    error = new ServiceError(HTTP_EXCEPTION_CODE[err.status]!, err.message || "The request was refused.");
  }
  if (error) {
    const extras = {
      details: error.details,
      data: error.data,
      requestId: error.status >= 500 ? kit.requestId : undefined,
    };
    const retryAfter =
      error.retryAfter === undefined ? undefined : String(Math.max(1, Math.ceil(error.retryAfter)));
    return sendJson(
      c,
      error.status,
      errorBody(kit.family, error.status, error.code, error.message, extras),
      retryAfter ? { ...headers, "retry-after": retryAfter } : headers,
    );
  }
  log.error(
    { err, requestId: kit.requestId, method: c.req.method, route: c.req.routePath },
    "unhandled error in an API request",
  );
  const message = `An unexpected error occurred. Quote request id ${kit.requestId} when contacting support.`;
  return sendJson(
    c,
    500,
    errorBody(kit.family, 500, "INTERNAL_ERROR", message, { requestId: kit.requestId }),
  );
}
