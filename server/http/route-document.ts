import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { successSchemaOf } from "./envelopes";
import {
  errorResponsesOf,
  extensionsOf,
  idempotencyHeaderSchema,
  type KitFeatures,
  securityFor,
} from "./openapi";
import type { AuthSpec, RequestSpec, RouteSpec } from "./route-spec";
import { stepUpHeaderSchema } from "./step-up";

/** A route's entry in the OpenAPI document, built once at startup from its spec. */
export function routeConfig(spec: RouteSpec<RequestSpec, AuthSpec>, f: KitFeatures): RouteConfig {
  const req = spec.request ?? {};
  const request: NonNullable<RouteConfig["request"]> = {};
  if (req.params) request.params = req.params as never;
  if (req.query) request.query = req.query as never;
  const idempotencyHeader = idempotencyHeaderSchema(f.idempotency);
  const stepUpHeader = f.stepUp ? stepUpHeaderSchema : undefined;
  const headers = [req.headers, stepUpHeader, idempotencyHeader].filter((h): h is z.ZodType => Boolean(h));
  if (headers.length) request.headers = headers as never;
  if (req.body) request.body = { required: true, content: { "application/json": { schema: req.body } } };
  if (req.form)
    request.body = { required: true, content: { "multipart/form-data": { schema: req.form as never } } };
  const res = spec.response;
  const status = res.status ?? 200;
  const description = res.description ?? spec.summary;
  const success =
    "data" in res
      ? { description, content: { "application/json": { schema: successSchemaOf(f.family, res.data) } } }
      : "body" in res
        ? { description, content: { "application/json": { schema: res.body } } }
        : { description, content: mediaTypes(res.contentType) };
  return createRoute({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    description: spec.description,
    tags: spec.tags,
    operationId: spec.operationId,
    security: securityFor(f.access),
    ...(extensionsOf(f) as object),
    request,
    responses: { [status]: success, ...errorResponsesOf(f) },
  });
}

/** A non-JSON answer's media types; several (a file of one of a few types) are binary. */
function mediaTypes(types: string | readonly string[]): Record<string, { schema: z.ZodType }> {
  if (typeof types === "string") return { [types]: { schema: z.string() } };
  const binary = z.string().openapi({ format: "binary" });
  return Object.fromEntries(types.map((t) => [t, { schema: binary }]));
}
