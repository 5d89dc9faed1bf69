import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ErrorCode, ErrorDetail } from "@/lib/errors";
import type { Family } from "./family";
import { kitOf } from "./kit-state";
import { sendJson } from "./responses";
import type { ApiEnv } from "./types";

export type SuccessStatus = 200 | 201 | 202;

const DEFAULT_MESSAGE: Record<SuccessStatus, string> = { 200: "OK", 201: "Created", 202: "Accepted" };

export function successBody(family: Family, status: SuccessStatus, data: unknown, message?: string): unknown {
  const text = message ?? DEFAULT_MESSAGE[status];
  switch (family) {
    case "card":
      return { success: true, message: text, data };
    case "fiat":
      return { status: "success", status_code: status, message: text, data };
    case "apikey":
      // OAuth-like: the answer's fields at the top level, no envelope.
      return data;
  }
}

export interface ErrorExtras {
  details?: ErrorDetail[];
  data?: Record<string, unknown>;
  /** Only on 5xx answers, so support can find the log line. */
  requestId?: string;
}

export function errorBody(
  family: Family,
  status: number,
  code: ErrorCode,
  message: string,
  extras: ErrorExtras = {},
): Record<string, unknown> {
  if (family === "fiat") {
    const body: Record<string, unknown> = { status: "error", status_code: status, error_code: code, message };
    if (extras.details?.length) body.errors = fieldErrors(extras.details);
    if (extras.data) body.data = extras.data;
    if (extras.requestId) body.request_id = extras.requestId;
    return body;
  }
  const body: Record<string, unknown> = { success: false, error_code: code, message };
  if (extras.details?.length) body.details = extras.details;
  if (extras.data) body.data = extras.data;
  if (extras.requestId) body.request_id = extras.requestId;
  return body;
}

/** The fiat API's `errors: {field: [message]}` form of validation details. */
function fieldErrors(details: ErrorDetail[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const d of details) (out[d.path] ??= []).push(d.message);
  return out;
}

export interface OkOptions {
  message?: string;
  status?: SuccessStatus;
  /** Extra response headers (Location...). Set headers here, or with c.header(): both are kept. */
  headers?: Record<string, string>;
}

/** The success envelope of the route's family; routes never build envelopes by hand. */
export function ok(c: Context<ApiEnv>, data: unknown, opts: OkOptions = {}): Response {
  const status = opts.status ?? 200;
  return sendJson(c, status, successBody(kitOf(c).family, status, data, opts.message), opts.headers);
}

/** 201; the third argument is the message, or the options of ok(). */
export function created(
  c: Context<ApiEnv>,
  data: unknown,
  opts: string | Omit<OkOptions, "status"> = {},
): Response {
  return ok(c, data, { ...(typeof opts === "string" ? { message: opts } : opts), status: 201 });
}

/** 202; the third argument is the message, or the options of ok(). */
export function accepted(
  c: Context<ApiEnv>,
  data: unknown,
  opts: string | Omit<OkOptions, "status"> = {},
): Response {
  return ok(c, data, { ...(typeof opts === "string" ? { message: opts } : opts), status: 202 });
}

/** The error envelope, for the rare route that answers an error without throwing (health's 503). */
export function errorJson(
  c: Context<ApiEnv>,
  status: number,
  code: ErrorCode,
  message: string,
  extras: ErrorExtras = {},
  headers?: Record<string, string>,
): Response {
  return sendJson(c, status, errorBody(kitOf(c).family, status, code, message, extras), headers);
}

// --- OpenAPI shapes of the envelopes -------------------------------------------------------

const detailSchema = z.object({ path: z.string(), message: z.string() });

export const cardErrorSchema = z
  .object({
    success: z.literal(false),
    error_code: z.string(),
    message: z.string(),
    details: z.array(detailSchema).optional(),
    data: z.record(z.string(), z.unknown()).optional(),
    request_id: z.string().optional().describe("Present on 5xx answers."),
  })
  .openapi("Error");

export const fiatErrorSchema = z
  .object({
    status: z.literal("error"),
    status_code: z.number().int(),
    error_code: z.string(),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    data: z.record(z.string(), z.unknown()).optional(),
    request_id: z.string().optional().describe("Present on 5xx answers."),
  })
  .openapi("FiatError");

export function errorSchemaOf(family: Family): z.ZodType {
  return family === "fiat" ? fiatErrorSchema : cardErrorSchema;
}

export function successSchemaOf(family: Family, data: z.ZodType): z.ZodType {
  switch (family) {
    case "card":
      return z.object({ success: z.literal(true), message: z.string(), data });
    case "fiat":
      return z.object({
        status: z.literal("success"),
        status_code: z.number().int(),
        message: z.string(),
        data,
      });
    case "apikey":
      return data;
  }
}
