import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isServiceError, ServiceError, type ErrorCode } from "@/lib/errors";
import { log } from "@/server/log";
import { errorBody, familyOf } from "./envelopes";
import { requestIdFor } from "./request-id";
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
 * envelope (Retry-After on 429s); anything else is logged (redacted) and answered 500
 * INTERNAL_ERROR with the request id and nothing of the underlying error.
 */
export function errorResponse(c: Context<ApiEnv>, err: unknown): Response {
  const requestId = requestIdFor(c);
  const family = c.get("family") ?? familyOf(c.req.path);
  let error: ServiceError | undefined;
  if (isServiceError(err)) error = err;
  else if (err instanceof HTTPException && HTTP_EXCEPTION_CODE[err.status]) {
    error = new ServiceError(HTTP_EXCEPTION_CODE[err.status]!, err.message || "The request was refused.");
  }
  if (error) {
    if (error.retryAfter !== undefined) c.header("Retry-After", String(Math.max(1, Math.ceil(error.retryAfter))));
    const extras = { details: error.details, data: error.data, requestId: error.status >= 500 ? requestId : undefined };
    return c.json(errorBody(family, error.status, error.code, error.message, extras), error.status as ContentfulStatusCode);
  }
  log.error({ err, requestId, method: c.req.method, path: c.req.path }, "unhandled error in an API request");
  const message = `An unexpected error occurred. Quote request id ${requestId} when contacting support.`;
  return c.json(errorBody(family, 500, "INTERNAL_ERROR", message, { requestId }), 500);
}
