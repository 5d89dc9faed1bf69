import type { RouteConfig, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Permission, UseCase } from "@/lib/contracts/permissions";
import type { ErrorCode } from "@/lib/errors";
import type { Ctx } from "@/server/context";
import type { SuccessStatus } from "./envelopes";
import type { Family } from "./family";
import type { IdempotencyMode } from "./idempotency";
import type { RouteRateLimit } from "./rate-limit";
import type { ApiEnv } from "./types";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
/**
 * Who may call: anyone, or the use case the route runs, whose permission (a scope, or a
 * dashboard user's token of at least a role) is stated once in lib/contracts/permissions.ts and
 * read by the action kit too. A literal permission is accepted for the kit's own tests.
 */
export type AuthSpec = "public" | UseCase | Permission;

/** Zod schemas of the parts of a request; query and headers values are strings (use z.coerce). */
export interface RequestSpec {
  params?: z.ZodType;
  query?: z.ZodType;
  /** Header names in lower case. */
  headers?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /**
   * Instead of `body`: a multipart/form-data body (an upload), its fields by name, each a string or
   * a File (first value of a repeated name). A file field is `z.instanceof(File)` documented as
   * `{type: "string", format: "binary"}`. Read whole, at most `maxBytes`.
   */
  form?: z.ZodType;
  /** The largest body the route reads (413 above it); default MAX_BODY_BYTES (1 MiB). */
  maxBytes?: number;
}

type Part<R, K extends string> = R extends { [P in K]?: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : undefined
  : undefined;

export interface RouteInput<R extends RequestSpec> {
  params: Part<R, "params">;
  query: Part<R, "query">;
  headers: Part<R, "headers">;
  body: Part<R, "body">;
  form: Part<R, "form">;
}

export interface HandlerArgs<R extends RequestSpec, A extends AuthSpec> {
  c: Context<ApiEnv>;
  /**
   * On a route whose use case asks a step-up (the permission table's `stepUp`): the TOTP code
   * from X-2FA-Token, else from the body's two_factor_token (the header wins). The use case
   * checks and consumes it; undefined when neither was sent.
   */
  twoFactorCode: string | undefined;
  /** The caller's context (organization, actor, db); null on public routes. */
  ctx: A extends "public" ? null : Ctx;
  input: RouteInput<R>;
  requestId: string;
  ip: string | undefined;
}

/**
 * What a success looks like: `data` (wrapped in the family's envelope), a bare JSON `body`, or another media
 * type.
 */
export type ResponseSpec =
  | { status?: SuccessStatus; description?: string; data: z.ZodType }
  | { status?: SuccessStatus; description?: string; body: z.ZodType }
  | { status?: SuccessStatus; description?: string; contentType: string | readonly string[] };

export interface RouteSpec<R extends RequestSpec, A extends AuthSpec> {
  method: HttpMethod;
  /** The full path in OpenAPI form: /api/v1/svc-card/{svcCardId}/cards. */
  path: string;
  summary: string;
  description?: string;
  /** The area it is listed under: one of API_TAGS (server/http/openapi.ts), which describes each. */
  tags: string[];
  /**
   * Stable, unique, camelCase (`listCards`, `freezeCard`): the name generated clients give the
   * call (clients/typescript/), so it never changes once published.
   */
  operationId: string;
  /**
   * The use case whose permission the route needs (lib/contracts/permissions.ts: scope or
   * user-only access, least role, 2FA step-up), or "public".
   */
  auth: A;
  /** Default: "optional" on authenticated POSTs, else "none". */
  idempotency?: IdempotencyMode;
  /**
   * The answer carries a secret (an API secret, a signing secret, a URL holding a single-use token,
   * in its success or its error body): the body kept under its Idempotency-Key is sealed with
   * ENCRYPTION_KEY, never stored as sent (docs/errors.md, Idempotency; `x-idempotency-sealed`).
   */
  carriesSecret?: boolean;
  rateLimit?: RouteRateLimit | RouteRateLimit[];
  /**
   * Every route that moves money: with an Idempotency-Key (required, or optional and sent), the
   * rate-limit count, the key's claim, the handler's writes and the stored response commit in one
   * transaction (server/http/atomic.ts), so a retry never repeats the movement, whether the process
   * died before the answer was stored or the commit's acknowledgement was lost. The handler's use
   * case runs on that transaction (ctx.db; its own transactions become savepoints) and writes
   * through it alone. A step-up route's code is checked by the kit before the transaction opens.
   */
  atomic?: boolean;
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
  readonly operationId: string;
  readonly config: RouteConfig;
  readonly hidden: boolean;
  /** The use case whose permission the route needs (or "public"), for the table-driven test. */
  readonly auth: AuthSpec;
  readonly handle: (c: Context<ApiEnv>) => Response | Promise<Response>;
}
