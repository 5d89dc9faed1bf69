import type { OpenAPIHono } from "@hono/zod-openapi";
import type { HttpBindings } from "@hono/node-server";
import type { Ctx } from "@/server/context";
import type { Family } from "./envelopes";

/**
 * The Hono environment of the REST API. Bindings are @hono/node-server's (absent when a test
 * calls app.request() directly); variables are what the kit sets per request.
 */
export interface ApiEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    /** Which envelope family the matched route answers with. */
    family: Family;
    /** Set on authenticated routes once the credential is resolved. */
    ctx: Ctx;
    /** RateLimit-* headers of this request, re-applied to responses not built through c. */
    rateLimitHeaders: Record<string, string>;
  };
}

export type ApiApp = OpenAPIHono<ApiEnv>;
