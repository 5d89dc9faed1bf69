import type { HttpBindings } from "@hono/node-server";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Ctx } from "@/server/context";
import type { Family } from "./family";

/** What the kit knows about the request in flight; one object, set once per request. */
export interface KitState {
  requestId: string;
  /** Which envelope family the matched route (or the path) answers with. */
  family: Family;
  /**
   * Headers every response of this request carries besides X-Request-Id (RateLimit-*, or set by the route).
   */
  headers: Record<string, string> | null;
  /** The route called c.header(): its response must go through Hono so those headers are kept. */
  touchedHeaders: boolean;
  /** The last response built by the kit's send(); it needs no headers added. */
  sent: Response | null;
}

/**
 * The Hono environment of the REST API. Bindings are @hono/node-server's (absent when a test
 * calls app.request() directly).
 */
export interface ApiEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    kit: KitState;
    /** Set on authenticated routes once the credential is resolved. */
    ctx: Ctx;
  };
}

export type ApiApp = OpenAPIHono<ApiEnv>;
