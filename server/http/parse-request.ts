import type { Context } from "hono";
import type { ErrorDetail } from "@/lib/errors";
import {
  checkDeclaredLength,
  formFingerprintText,
  parseFormBody,
  parseJsonBody,
  readBodyBytes,
  readBodyText,
} from "./body";
import type { RequestSpec, RouteInput } from "./route-spec";
import type { ApiEnv } from "./types";
import { parseInputPart, validationError } from "./validation";

/** A route's request parts checked against its contract (server/http/route.ts), every issue at once. */

type QueryValue = string | string[];

/**
 * `name[key]=v` (OpenAPI deepObject, the lists' `metadata[key]=value`) folds into `{name: {key: v}}`,
 * unless the contract names the bracketed key itself (the Events API's `created[gte]`), which
 * stays as sent.
 */
const DEEP_OBJECT = /^([A-Za-z_]+)\[([^\]]*)\]$/;

function queryOf(
  c: Context<ApiEnv>,
  schema: unknown,
): Record<string, QueryValue | Record<string, QueryValue>> {
  const declared = (schema as { shape?: Record<string, unknown> }).shape ?? {};
  const out: Record<string, QueryValue | Record<string, QueryValue>> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    const value = values.length === 1 ? values[0]! : values;
    const deep = DEEP_OBJECT.exec(name);
    if (!deep || name in declared) {
      out[name] = value;
      continue;
    }
    const inner = out[deep[1]!];
    const target = inner && typeof inner === "object" && !Array.isArray(inner) ? inner : {};
    target[deep[2]!] = value;
    out[deep[1]!] = target;
  }
  return out;
}

export interface ParsedRequest {
  input: RouteInput<RequestSpec>;
  /** The exact body text (a form's: formFingerprintText), for the idempotency fingerprint. */
  rawBody: string;
}

export const NO_INPUT: ParsedRequest = {
  input: { params: undefined, query: undefined, headers: undefined, body: undefined, form: undefined },
  rawBody: "",
};

export async function parseRequest(c: Context<ApiEnv>, req: RequestSpec): Promise<ParsedRequest> {
  if (!req.params && !req.query && !req.headers && !req.body && !req.form) {
    checkDeclaredLength(c);
    return NO_INPUT;
  }
  const issues: ErrorDetail[] = [];
  const input: RouteInput<RequestSpec> = {
    params: undefined,
    query: undefined,
    headers: undefined,
    body: undefined,
    form: undefined,
  };
  let rawBody = "";
  if (req.params) input.params = parseInputPart(req.params, c.req.param(), "params", issues);
  if (req.query) input.query = parseInputPart(req.query, queryOf(c, req.query), "query", issues);
  if (req.headers) input.headers = parseInputPart(req.headers, c.req.header(), "headers", issues);
  if (req.body) {
    rawBody = await readBodyText(c);
    input.body = parseInputPart(req.body, parseJsonBody(c, rawBody), null, issues);
  } else if (req.form) {
    const fields = await parseFormBody(c, await readBodyBytes(c, req.maxBytes));
    input.form = parseInputPart(req.form, fields, null, issues);
    rawBody = await formFingerprintText(fields);
  } else {
    checkDeclaredLength(c);
  }
  if (issues.length) throw validationError(issues);
  return { input, rawBody };
}
