import type { Context } from "hono";
import { type Permission, PERMISSIONS } from "@/lib/contracts/permissions";
import { requirePermission } from "@/server/auth/authorize";
import { requireSecondFactor } from "@/server/auth/step-up";
import type { Ctx } from "@/server/context";
import { type Db, getDb } from "@/server/db/client";
import { tracingOn, withUseCaseSpan } from "@/server/observability/tracing";
import { accessLog, logAccess } from "./access-log";
import { runAtomic } from "./atomic";
import { checkDeclaredLength } from "./body";
import { clientIp } from "./client-ip";
import { resolveCredential } from "./credentials";
import { errorResponse } from "./error-response";
import { familyOf } from "./family";
import {
  actorKeyOf,
  claimIdempotencyKey,
  type IdempotencyClaim,
  idempotencyKeyOf,
  type IdempotencyMode,
  type IdempotencyScope,
  replayResponse,
  requestFingerprint,
  settleIdempotency,
} from "./idempotency";
import { startKit } from "./kit-state";
import { observed } from "./observe";
import type { Access, KitFeatures } from "./openapi";
import { NO_INPUT, type ParsedRequest, parseRequest } from "./parse-request";
import { applyRateLimits } from "./rate-limit";
import { isKitResponse, withKitHeaders } from "./responses";
import { routeConfig } from "./route-document";
import type { ApiRoute, AuthSpec, HandlerArgs, RequestSpec, RouteInput, RouteSpec } from "./route-spec";
import { routeStepUp, stepUpCodeOf } from "./step-up";
import type { ApiApp, ApiEnv, KitState } from "./types";

/**
 * Declares a route: its contract, scope, idempotency and limits once, for both the handler
 * chain and the OpenAPI document. All the work that does not depend on the request (schemas,
 * flags, the document entry) happens here, at startup.
 */
export function defineRoute<R extends RequestSpec = Record<never, never>, A extends AuthSpec = AuthSpec>(
  spec: RouteSpec<R, A>,
): ApiRoute {
  const permission = permissionOf(spec.auth);
  const access = accessOf(permission);
  const authenticated = access.kind !== "public";
  const idempotency: IdempotencyMode =
    spec.idempotency ?? (spec.method === "post" && authenticated ? "optional" : "none");
  if (spec.atomic && idempotency === "none")
    throw new Error(`${spec.path}: an atomic route takes an Idempotency-Key (required or optional)`);
  // The kit checks an atomic route's code before its transaction and the use case's check then
  // passes; a code asked on every call is the use case's own check, which would spend it again.
  if (spec.atomic && permission?.stepUp === "every-call")
    throw new Error(`${spec.path}: an atomic route cannot ask for a code on every call`);
  if (!authenticated && idempotency !== "none")
    throw new Error(
      `${spec.path}: idempotency needs an authenticated route (keys are scoped to an organization)`,
    );
  if (!OPERATION_ID.test(spec.operationId))
    throw new Error(`${spec.path}: operationId "${spec.operationId}" is not camelCase`);
  const family = spec.family ?? familyOf(spec.path);
  const request: RequestSpec = spec.request ?? {};
  const rateLimits =
    spec.rateLimit === undefined ? [] : Array.isArray(spec.rateLimit) ? spec.rateLimit : [spec.rateLimit];
  if (!authenticated && rateLimits.some((l) => l.per === "org"))
    throw new Error(`${spec.path}: a public route has no organization to count per; use per: "ip"`);
  const features: KitFeatures = {
    family,
    access,
    hasInput: Boolean(request.params || request.query || request.headers || request.body || request.form),
    hasBody: Boolean(request.body),
    hasForm: Boolean(request.form),
    idempotency,
    sealsAnswer: idempotency !== "none" && spec.carriesSecret === true,
    atomic: spec.atomic === true,
    rateLimits,
    errors: spec.errors ?? [],
    stepUp: routeStepUp(spec.auth),
  };
  return {
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    hidden: spec.hidden ?? false,
    auth: spec.auth,
    config: routeConfig(spec, features),
    handle: buildHandler(spec as RouteSpec<RequestSpec, AuthSpec>, features, permission),
  };
}

const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/;

/** The route's permission: its use case's entry in the table (an inline one in the kit's own tests). */
function permissionOf(spec: AuthSpec): Permission | null {
  if (spec === "public") return null;
  return typeof spec === "string" ? PERMISSIONS[spec] : spec;
}

function accessOf(auth: Permission | null): Access {
  if (!auth) return { kind: "public" };
  if ("scope" in auth) return { kind: "scope", scope: auth.scope, cardholder: auth.cardholder === true };
  return { kind: "user", role: auth.user, twoFactor: auth.twoFactor !== false };
}

const mounted = new WeakMap<ApiApp, ApiRoute[]>();

/** Adds routes to the app: the handler to Hono's router, the contract to the document. */
export function mountRoutes(app: ApiApp, routes: readonly ApiRoute[]): void {
  const list = mounted.get(app) ?? [];
  mounted.set(app, list);
  for (const route of routes) {
    // A generated client names each call by its operationId: two of one name would clash (a hidden
    // alias, served under a second path but left out of the document, may share its route's).
    const twin = !route.hidden && list.find((r) => !r.hidden && r.operationId === route.operationId);
    if (twin) throw new Error(`${route.path}: operationId ${route.operationId} is taken by ${twin.path}`);
    list.push(route);
    if (!route.hidden) app.openAPIRegistry.registerPath(route.config);
    const method = route.method.toUpperCase();
    const pattern = route.path.replace(/\{([^}]+)\}/g, ":$1");
    app.on(method, pattern, observed(method, pattern, route.handle));
  }
}

/** The routes mounted on an app, hidden ones included (the permission table's test walks them). */
export function mountedRoutes(app: ApiApp): readonly ApiRoute[] {
  return mounted.get(app) ?? [];
}

/** The kit's last step: a response not built by the kit (c.body, a raw Response) gets its headers. */
function finish(kit: KitState, res: Response): Response {
  return isKitResponse(kit, res) ? res : withKitHeaders(kit, res);
}

/**
 * The handler's arguments. A class, so the lazy `ip` getter lives on the prototype: a getter or
 * closure built per request costs measurable throughput (more so under tsx, which names each
 * function it creates).
 */
class Args {
  #ip: string | undefined | null = null;
  twoFactorCode: string | undefined = undefined;
  constructor(
    readonly c: Context<ApiEnv>,
    public ctx: Ctx | null,
    public input: RouteInput<RequestSpec>,
    readonly requestId: string,
  ) {}
  /** The client address, worked out on first use (ping never asks). */
  get ip(): string | undefined {
    if (this.#ip === null) this.#ip = clientIp(this.c);
    return this.#ip;
  }
}

function buildHandler(
  spec: RouteSpec<RequestSpec, AuthSpec>,
  f: KitFeatures,
  permission: Permission | null,
): (c: Context<ApiEnv>) => Response | Promise<Response> {
  const request = spec.request ?? {};
  const { access, idempotency, rateLimits, family } = f;
  const handler = spec.handler as (args: HandlerArgs<RequestSpec, AuthSpec>) => Response | Promise<Response>;
  const useCase = typeof spec.auth === "string" && spec.auth !== "public" ? spec.auth : null;
  /** The handler, in its use case's span when traces are on (server/observability/tracing.ts). */
  const runHandler = (args: Args) =>
    useCase !== null && tracingOn()
      ? withUseCaseSpan(useCase, () => handler(args as HandlerArgs<RequestSpec, AuthSpec>))
      : handler(args as HandlerArgs<RequestSpec, AuthSpec>);

  if (access.kind === "public" && !rateLimits.length && !f.hasInput && idempotency === "none") {
    // Nothing to resolve, count or parse (ping, the document): stay synchronous when the
    // handler is, which keeps Hono and @hono/node-server on their fastest path.
    return function handleSimple(c) {
      const kit = startKit(c, family);
      try {
        checkDeclaredLength(c);
        const out = handler(
          new Args(c, null, NO_INPUT.input, kit.requestId) as HandlerArgs<RequestSpec, AuthSpec>,
        );
        return out instanceof Promise ? settleAsync(c, kit, out) : finish(kit, out);
      } catch (err) {
        return errorResponse(c, err);
      }
    };
  }

  return async function handle(c) {
    const started = accessLog ? performance.now() : 0;
    const kit = startKit(c, family);
    const args = new Args(c, null, NO_INPUT.input, kit.requestId);
    let claim: IdempotencyClaim | null = null;
    let db: Db | undefined;
    let res: Response;
    try {
      if (permission) {
        db = await getDb();
        const credential = await resolveCredential(c, db, { ip: args.ip });
        // The permission table's rule, as every transport and use case applies it.
        requirePermission(credential.actor, permission);
        const ctx: Ctx = {
          orgId: credential.orgId,
          actor: credential.actor,
          db,
          ip: args.ip,
          requestId: kit.requestId,
        };
        args.ctx = ctx;
        c.set("ctx", ctx);
      }
      const who = { orgId: args.ctx?.orgId, ip: args.ip };
      // With its key, a money route's answer commits with its effect; without one (optional), it runs
      // as any other route: each request is a new operation.
      if (spec.atomic && args.ctx && (idempotency === "required" || c.req.header("idempotency-key"))) {
        const out = withKitHeaders(kit, await atomicRequest(c, args, args.ctx, who));
        if (accessLog) logAccess(c, kit.requestId, out.status, started, args.ctx);
        return out;
      }
      if (rateLimits.length) await applyRateLimits(c, (db ??= await getDb()), rateLimits, who);
      const key = idempotencyKeyOf(c, idempotency);
      const { input, rawBody } = await parseRequest(c, request);
      args.input = input;
      if (f.stepUp) args.twoFactorCode = stepUpCodeOf(c, input.body);
      if (key && args.ctx) {
        // Reached only once the credential and its permission passed; the key is the actor's own.
        const outcome = await claimIdempotencyKey(
          args.ctx.db,
          keyScope(c, args.ctx, key),
          requestFingerprint(new URL(c.req.url).search, rawBody),
          f.sealsAnswer,
        );
        if (outcome.kind === "replay") {
          // Answered only to a caller who may make the request now: a step-up route asks for its
          // second factor again (the stored answer holds what the step-up guards, an API secret).
          if (f.stepUp) await requireSecondFactor(args.ctx, args.twoFactorCode);
          return withKitHeaders(kit, replayResponse(outcome.response, kit.requestId));
        }
        claim = outcome.claim;
      }
      res = await runHandler(args);
    } catch (err) {
      res = errorResponse(c, err);
    }
    // A settled idempotent response is rebuilt (its body was read to be stored).
    const out = claim && db ? withKitHeaders(kit, await settleIdempotency(db, claim, res)) : finish(kit, res);
    if (accessLog) logAccess(c, kit.requestId, out.status, started, args.ctx);
    return out;
  };

  /** The atomic path (server/http/atomic.ts): limits, claim, handler and stored response in one commit. */
  async function atomicRequest(c: Context<ApiEnv>, args: Args, ctx: Ctx, who: Who): Promise<Response> {
    let key: string;
    let parsed: ParsedRequest;
    try {
      key = idempotencyKeyOf(c, "required")!;
      parsed = await parseRequest(c, request);
      if (f.stepUp) {
        // Before the transaction, on a first call and a replay alike: a refused code is counted and
        // never rolled back with the request; the use case's own check then passes.
        args.twoFactorCode = stepUpCodeOf(c, parsed.input.body);
        await requireSecondFactor(ctx, args.twoFactorCode);
      }
    } catch (err) {
      // Refused before the transaction: still counted, as on other routes (a 429 wins).
      if (rateLimits.length) await applyRateLimits(c, ctx.db, rateLimits, who);
      throw err;
    }
    args.input = parsed.input;
    return runAtomic({
      c,
      db: ctx.db,
      rateLimits,
      who,
      scope: keyScope(c, ctx, key),
      fingerprint: requestFingerprint(new URL(c.req.url).search, parsed.rawBody),
      seal: f.sealsAnswer,
      requestId: args.requestId,
      run: async (tx) => {
        args.ctx = f.stepUp ? { ...ctx, db: tx, secondFactorVerified: true } : { ...ctx, db: tx };
        return runHandler(args);
      },
    });
  }
}

type Who = { orgId?: string; ip?: string };

/** An Idempotency-Key belongs to the caller: organization, actor, method and path (docs/errors.md). */
function keyScope(c: Context<ApiEnv>, ctx: Ctx, key: string): IdempotencyScope {
  return { orgId: ctx.orgId, actor: actorKeyOf(ctx.actor), method: c.req.method, path: c.req.path, key };
}

async function settleAsync(c: Context<ApiEnv>, kit: KitState, out: Promise<Response>): Promise<Response> {
  try {
    return finish(kit, await out);
  } catch (err) {
    return errorResponse(c, err);
  }
}
