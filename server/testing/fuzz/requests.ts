import fc from "fast-check";
import { ERROR_STATUS } from "@/lib/errors";
import {
  type Deref,
  encodeParam,
  fuzzed,
  hostileText,
  hostileValue,
  type JsonSchema,
  plausible,
  RawJson,
  toJsonText,
  toParamText,
} from "./values";

/**
 * Requests generated from the OpenAPI document, operation by operation, and the oracle their
 * responses must pass. Walking the document (not a list of routes) is what covers an operation
 * added later without a change here.
 */

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: (Parameter | { $ref: string })[]; requestBody?: unknown }>
  >;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, Parameter> };
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

function refTarget<T>(doc: OpenApiDocument, ref: string): T {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, "").split("/")) node = (node as Record<string, unknown>)[part];
  return node as T;
}

/** Follows $ref within the document. */
export function dereferencer(doc: OpenApiDocument): Deref {
  return (schema) => {
    let s = schema;
    for (let i = 0; i < 10 && s.$ref; i++) s = refTarget<JsonSchema>(doc, s.$ref);
    return s;
  };
}

/** Every operation of the document, with its parameters and JSON body schema. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = (op.parameters ?? []).map((p) =>
        "$ref" in p ? refTarget<Parameter>(doc, p.$ref) : p,
      );
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      out.push({ method, path, parameters, body: content?.["application/json"]?.schema });
    }
  }
  return out;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const HEADER_VALUES = ["123456", "000000", "abc", "x".repeat(300), "fuzz-key-1", " "];

/**
 * Requests for one operation. Path ids are a known id of the test program (knownIds by parameter
 * name, else any) or hostile text; query values plausible or hostile; bodies plausible objects
 * whose fields are fuzzed, or a wrong body altogether.
 */
export function requestsFor(
  op: Operation,
  deref: Deref,
  knownIds: (name: string) => string[],
): fc.Arbitrary<FuzzRequest> {
  const text = (p: Parameter) =>
    fc.oneof(
      { weight: 3, arbitrary: plausible(p.schema ?? {}, deref).map(toParamText) },
      { weight: 2, arbitrary: hostileText },
    );
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const headerParams = op.parameters.filter((p) => p.in === "header");
  const pathArb = fc.tuple(
    ...pathParams.map((p) => {
      const ids = knownIds(p.name);
      return ids.length
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 2, arbitrary: text(p) })
        : text(p);
    }),
  );
  // Parameters the operation does not declare get a hostile value now and then: ignored, not a 500.
  const queryArb = fc.tuple(
    ...[...queryParams, { name: "unexpected", in: "query" as const }].map((p) =>
      fc.option(text(p), { freq: 2 }),
    ),
  );
  const headerArb = fc.tuple(...headerParams.map(() => fc.option(fc.constantFrom(...HEADER_VALUES))));
  const bodyArb: fc.Arbitrary<string | undefined> = op.body
    ? fc.oneof(
        { weight: 8, arbitrary: plausible(op.body, deref).map(toJsonText) },
        { weight: 1, arbitrary: fuzzed(op.body, deref).map(toJsonText) },
        { weight: 1, arbitrary: hostileValue.map(toJsonText) },
        { weight: 1, arbitrary: fc.constantFrom("", "{", "not json", "\u0000", '{"a":1}{"b":2}') },
      )
    : fc.constant(undefined);
  return fc.tuple(pathArb, queryArb, headerArb, bodyArb).map(([path, query, headers, body]) => {
    let url = op.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeParam(path[i]!))));
    const pairs = [...queryParams, { name: "unexpected" }]
      .map((p, i) => (query[i] === null ? null : `${encodeParam(p.name)}=${encodeParam(query[i]!)}`))
      .filter((pair): pair is string => pair !== null);
    if (pairs.length) url += `?${pairs.join("&")}`;
    const h: Record<string, string> = {};
    headerParams.forEach((p, i) => {
      if (headers[i] !== null) h[p.name] = headers[i]!;
    });
    if (body !== undefined) h["content-type"] = "application/json";
    return { method: op.method.toUpperCase(), url, headers: h, body };
  });
}

/** The hostile values every parameter and every top-level body field gets once, in order. */
const SYSTEMATIC: unknown[] = [
  "a\u0000b",
  "\uD800",
  "-271821-04-20T00:00:00Z",
  "+275760-09-13T00:00:00Z",
  new RawJson("1e400"),
  new RawJson("-9007199254740993"),
  new RawJson("5e-324"),
  null,
  [],
  { a: {} },
  new RawJson(`${"[".repeat(5_000)}${"]".repeat(5_000)}`),
];

/**
 * The deterministic half of the fuzzer: for each path parameter, query parameter and top-level
 * body field in turn, each SYSTEMATIC value, the rest of the request plausible (a known id, a
 * sample of the schema).
 */
export function systematicRequests(
  op: Operation,
  deref: Deref,
  knownIds: (name: string) => string[],
  seed: number,
): FuzzRequest[] {
  const sample = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { numRuns: 1, seed })[0]!;
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const basePath = pathParams.map((p) => knownIds(p.name)[0] ?? "x_1");
  const bodySchema = op.body ? deref(op.body) : undefined;
  const baseBody = bodySchema ? sample(plausible(bodySchema, deref)) : undefined;
  const build = (path: string[], query: [string, string][], body: unknown): FuzzRequest => {
    let url = op.path;
    pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeParam(path[i]!))));
    if (query.length) url += `?${query.map(([k, v]) => `${encodeParam(k)}=${encodeParam(v)}`).join("&")}`;
    const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
    return {
      method: op.method.toUpperCase(),
      url,
      headers,
      body: body === undefined ? undefined : toJsonText(body),
    };
  };
  const out: FuzzRequest[] = [];
  for (const value of SYSTEMATIC) {
    const text = toParamText(value);
    pathParams.forEach((_p, i) =>
      out.push(
        build(
          basePath.map((v, j) => (i === j ? text : v)),
          [],
          baseBody,
        ),
      ),
    );
    for (const p of queryParams) out.push(build(basePath, [[p.name, text]], baseBody));
    const fields = Object.keys(bodySchema?.properties ?? {});
    const base = typeof baseBody === "object" && baseBody !== null ? baseBody : {};
    for (const field of fields) out.push(build(basePath, [], { ...base, [field]: value }));
    if (bodySchema) out.push(build(basePath, [], value));
  }
  return out;
}

/** A Node or V8 stack frame, or a path into the dependencies. */
const STACK_TRACE = /\n\s+at\s|\bat\s[^\s]+\s\((?:file:\/\/|\/)[^)]*:\d+:\d+\)|node_modules\//;

/** What is wrong with a response, or null: any 5xx, a stack trace, an error outside the envelope. */
export function problemWith(status: number, contentType: string, text: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (STACK_TRACE.test(text)) return "the body holds a stack trace";
  if (status < 400) return null;
  if (!/^application\/json/.test(contentType)) return `an error as ${contentType || "no content type"}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return "an error body that is not JSON";
  }
  const code = body.error_code;
  if (typeof code !== "string" || !(code in ERROR_STATUS))
    return `error_code ${String(code)} is not in the table`;
  if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== status) return `${code} answered with ${status}`;
  if (typeof body.message !== "string" || body.message === "") return "an error without a message";
  const card = body.success === false;
  const fiat = body.status === "error" && body.status_code === status;
  if (!card && !fiat) return "an error outside both envelopes";
  return null;
}
