import { createRoute, z, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ErrorCode, ErrorDetail } from "@/lib/errors";
import type { Scope } from "@/lib/scopes";
import type { Ctx } from "@/server/context";
import { getDb, type Db } from "@/server/db/client";
import { checkDeclaredLength, parseJsonBody, readBodyText } from "./body";
import { clientIp } from "./client-ip";
import { requireScope, resolveCredential } from "./credentials";
import { familyOf, successSchemaOf, type Family, type SuccessStatus } from "./envelopes";
import { errorResponse } from "./error-response";
import { claimIdempotencyKey, idempotencyKeyOf, replayResponse, requestFingerprint, settleIdempotency, type IdempotencyClaim, type IdempotencyMode } from "./idempotency";
import { errorResponsesOf, extensionsOf, idempotencyHeaderSchema, securityFor, type KitFeatures } from "./openapi";
import { applyRateLimits, type RouteRateLimit } from "./rate-limit";
import { requestIdFor } from "./request-id";
import type { ApiApp, ApiEnv } from "./types";
import { parsePart, validationError } from "./validation";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export type AuthSpec = "public" | { scope: Scope };

/** Zod schemas of the parts of a request; query and headers values are strings (use z.coerce). */
export interface RequestSpec {
  params?: z.ZodType;
  query?: z.ZodType;
  /** Header names in lower case. */
  headers?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
}

type Part<R, K extends string> = R extends { [P in K]?: infer S } ? (S extends z.ZodType ? z.output<S> : undefined) : undefined;

export interface RouteInput<R extends RequestSpec> {
  params: Part<R, "params">;
  query: Part<R, "query">;
  headers: Part<R, "headers">;
  body: Part<R, "body">;
}

export interface HandlerArgs<R extends RequestSpec, A extends AuthSpec> {
  c: Context<ApiEnv>;
  /** The caller's context (organization, actor, db); null on public routes. */
  ctx: A extends "public" ? null : Ctx;
  input: RouteInput<R>;
  requestId: string;
  ip: string | undefined;
}

/** What a success looks like: `data` (wrapped in the family's envelope), a bare JSON `body`, or another media type. */
export type ResponseSpec =
  | { status?: SuccessStatus; description?: string; data: z.ZodType }
  | { status?: SuccessStatus; description?: string; body: z.ZodType }
  | { status?: SuccessStatus; description?: string; contentType: string };

export interface RouteSpec<R extends RequestSpec, A extends AuthSpec> {
  method: HttpMethod;
  /** The full path in OpenAPI form: /api/v1/svc-card/{svcCardId}/cards. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  operationId?: string;
  /** The one place the route's scope is stated. */
  auth: A;
  /** Default: "optional" on authenticated POSTs, else "none". */
  idempotency?: IdempotencyMode;
  rateLimit?: RouteRateLimit | RouteRateLimit[];
  request?: R;
  response: ResponseSpec;
  /** Route-specific error codes, for the document (the kit adds its own). */
  errors?: ErrorCode[];
  /** Serve it but leave it out of the OpenAPI document. */
  hidden?: boolean;
  /** Overrides the envelope family that the path implies. */
  family?: Family;
  handler: (args: HandlerArgs<R, A>) => Response | Promise<Response>;
}

export interface ApiRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly config: RouteConfig;
  readonly hidden: boolean;
  readonly handle: (c: Context<ApiEnv>) => Promise<Response>;
}

/**
 * Declares a route: its contract, scope, idempotency and limits once, for both the handler
 * chain and the OpenAPI document. All the work that does not depend on the request (schemas,
 * flags, the document entry) happens here, at startup.
 */
export function defineRoute<R extends RequestSpec = Record<never, never>, A extends AuthSpec = AuthSpec>(spec: RouteSpec<R, A>): ApiRoute {
  const scope = spec.auth === "public" ? null : (spec.auth as { scope: Scope }).scope;
  const idempotency: IdempotencyMode = spec.idempotency ?? (spec.method === "post" && scope ? "optional" : "none");
  if (!scope && idempotency !== "none") throw new Error(`${spec.path}: idempotency needs an authenticated route (keys are scoped to an organization)`);
  const family = spec.family ?? familyOf(spec.path);
  const request: RequestSpec = spec.request ?? {};
  const rateLimits = spec.rateLimit === undefined ? [] : Array.isArray(spec.rateLimit) ? spec.rateLimit : [spec.rateLimit];
  const features: KitFeatures = {
    family,
    scope,
    hasInput: Boolean(request.params || request.query || request.headers || request.body),
    hasBody: Boolean(request.body),
    idempotency,
    rateLimits,
    errors: spec.errors ?? [],
  };
  return {
    method: spec.method,
    path: spec.path,
    hidden: spec.hidden ?? false,
    config: routeConfig(spec, features),
    handle: buildHandler(spec as RouteSpec<RequestSpec, AuthSpec>, features),
  };
}

/** Adds routes to the app: the handler to Hono's router, the contract to the document. */
export function mountRoutes(app: ApiApp, routes: readonly ApiRoute[]): void {
  for (const route of routes) {
    if (!route.hidden) app.openAPIRegistry.registerPath(route.config);
    app.on(route.method.toUpperCase(), route.path.replace(/\{([^}]+)\}/g, ":$1"), route.handle);
  }
}

function routeConfig(spec: RouteSpec<RequestSpec, AuthSpec>, f: KitFeatures): RouteConfig {
  const req = spec.request ?? {};
  const request: NonNullable<RouteConfig["request"]> = {};
  if (req.params) request.params = req.params as never;
  if (req.query) request.query = req.query as never;
  const idempotencyHeader = idempotencyHeaderSchema(f.idempotency);
  const headers = [req.headers, idempotencyHeader].filter((h): h is z.ZodType => Boolean(h));
  if (headers.length) request.headers = headers as never;
  if (req.body) request.body = { required: true, content: { "application/json": { schema: req.body } } };
  const res = spec.response;
  const status = res.status ?? 200;
  const description = res.description ?? spec.summary;
  const success =
    "data" in res
      ? { description, content: { "application/json": { schema: successSchemaOf(f.family, res.data) } } }
      : "body" in res
        ? { description, content: { "application/json": { schema: res.body } } }
        : { description, content: { [res.contentType]: { schema: z.string() } } };
  return createRoute({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    description: spec.description,
    tags: spec.tags,
    operationId: spec.operationId,
    security: securityFor(f.scope),
    ...(extensionsOf(f) as object),
    request,
    responses: { [status]: success, ...errorResponsesOf(f) },
  });
}

function queryOf(c: Context<ApiEnv>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(c.req.queries())) out[name] = values.length === 1 ? values[0]! : values;
  return out;
}

interface ParsedRequest {
  input: RouteInput<RequestSpec>;
  /** The exact body text, for the idempotency fingerprint. */
  rawBody: string;
}

async function parseRequest(c: Context<ApiEnv>, req: RequestSpec): Promise<ParsedRequest> {
  const issues: ErrorDetail[] = [];
  const input: RouteInput<RequestSpec> = { params: undefined, query: undefined, headers: undefined, body: undefined };
  let rawBody = "";
  if (req.params) input.params = parsePart(req.params, c.req.param(), "params", issues);
  if (req.query) input.query = parsePart(req.query, queryOf(c), "query", issues);
  if (req.headers) input.headers = parsePart(req.headers, c.req.header(), "headers", issues);
  if (req.body) {
    rawBody = await readBodyText(c);
    input.body = parsePart(req.body, parseJsonBody(c, rawBody), null, issues);
  } else {
    checkDeclaredLength(c);
  }
  if (issues.length) throw validationError(issues);
  return { input, rawBody };
}

/** Adds the kit's headers to a response that was not built through c (a replay, a raw Response). */
function withKitHeaders(c: Context<ApiEnv>, res: Response, requestId: string): Response {
  if (res.headers.has("x-request-id")) return res;
  let out = res;
  const apply = () => {
    out.headers.set("X-Request-Id", requestId);
    const limits = c.get("rateLimitHeaders");
    if (limits) for (const [name, value] of Object.entries(limits)) if (!out.headers.has(name)) out.headers.set(name, value);
  };
  try {
    apply();
  } catch {
    // Immutable headers (a fetched Response): copy it.
    out = new Response(res.body, res);
    apply();
  }
  return out;
}

function buildHandler(spec: RouteSpec<RequestSpec, AuthSpec>, f: KitFeatures): (c: Context<ApiEnv>) => Promise<Response> {
  const request = spec.request ?? {};
  const { scope, idempotency, rateLimits, family } = f;
  const handler = spec.handler as (args: HandlerArgs<RequestSpec, AuthSpec>) => Response | Promise<Response>;

  return async function handle(c) {
    const requestId = requestIdFor(c);
    c.set("family", family);
    let claim: IdempotencyClaim | null = null;
    let db: Db | undefined;
    let res: Response;
    try {
      const ip = clientIp(c);
      let ctx: Ctx | null = null;
      if (scope) {
        db = await getDb();
        const credential = await resolveCredential(c, db);
        requireScope(credential.actor, scope);
        ctx = { orgId: credential.orgId, actor: credential.actor, db, ip, requestId };
        c.set("ctx", ctx);
      }
      if (rateLimits.length) await applyRateLimits(c, (db ??= await getDb()), rateLimits, { orgId: ctx?.orgId, ip });
      const key = idempotencyKeyOf(c, idempotency);
      const { input, rawBody } = await parseRequest(c, request);
      if (key && ctx) {
        const scopeOfKey = { orgId: ctx.orgId, method: c.req.method, path: c.req.path, key };
        const outcome = await claimIdempotencyKey(ctx.db, scopeOfKey, requestFingerprint(new URL(c.req.url).search, rawBody));
        if (outcome.kind === "replay") return withKitHeaders(c, replayResponse(outcome.response, requestId), requestId);
        claim = outcome.claim;
      }
      res = await handler({ c, ctx, input, requestId, ip } as HandlerArgs<RequestSpec, AuthSpec>);
    } catch (err) {
      res = errorResponse(c, err);
    }
    if (claim && db) res = await settleIdempotency(db, claim, res);
    return withKitHeaders(c, res, requestId);
  };
}
