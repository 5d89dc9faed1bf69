import type { Context } from "hono";
import { ServiceError } from "@/lib/errors";
import { errorResponse } from "./error-response";
import type { ApiApp, ApiEnv } from "./types";

interface PathMethods {
  pattern: RegExp;
  methods: Set<string>;
}

function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .map((part) =>
      part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}$`);
}

/**
 * The answer for a path nothing serves. It does not repeat the path: an answer that echoes what
 * the client sent is one step from reflecting markup or a token someone else's link carried.
 */
export function noSuchEndpoint(): ServiceError {
  return new ServiceError("NOT_FOUND", "There is no such endpoint. The API reference is at /api/reference.");
}

/**
 * 404 NOT_FOUND for an unknown path; 405 METHOD_NOT_ALLOWED with Allow when the path exists
 * under other methods. The table is built on the first miss, once every route is mounted.
 */
export function notFoundHandler(app: ApiApp): (c: Context<ApiEnv>) => Response {
  let table: PathMethods[] | undefined;
  return (c) => {
    table ??= buildTable(app);
    const allowed = new Set<string>();
    for (const entry of table)
      if (entry.pattern.test(c.req.path)) for (const m of entry.methods) allowed.add(m);
    if (allowed.size === 0) return errorResponse(c, noSuchEndpoint());
    if (allowed.has("GET")) allowed.add("HEAD");
    const allow = [...allowed].sort().join(", ");
    return errorResponse(
      c,
      new ServiceError("METHOD_NOT_ALLOWED", `This method is not allowed on this path. Allowed: ${allow}.`),
      { allow },
    );
  };
}

function buildTable(app: ApiApp): PathMethods[] {
  const byPath = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    let methods = byPath.get(route.path);
    if (!methods) byPath.set(route.path, (methods = new Set()));
    methods.add(route.method.toUpperCase());
  }
  return [...byPath].map(([path, methods]) => ({ pattern: patternOf(path), methods }));
}
