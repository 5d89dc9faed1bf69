import { OpenAPIHono } from "@hono/zod-openapi";
import { errorResponse } from "./error-response";
import { notFoundHandler } from "./not-found";
import { observedNotFound } from "./observe";
import { registerSecuritySchemes } from "./openapi";
import type { ApiApp, ApiEnv } from "./types";

/**
 * An empty app with the kit's error, 404 and 405 handling (metrics and traces: routes get theirs
 * when mounted, server/http/observe.ts) and the security schemes in its document. The REST API is one of these; tests build their own with test-only routes.
 */
export function createKitApp(): ApiApp {
  const app = new OpenAPIHono<ApiEnv>({ strict: true });
  registerSecuritySchemes(app.openAPIRegistry);
  app.onError((err, c) => errorResponse(c, err));
  app.notFound(observedNotFound(notFoundHandler(app)));
  return app;
}
