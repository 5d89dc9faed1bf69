import type { Context } from "hono";
import { env } from "@/lib/env";
import type { Ctx } from "@/server/context";
import { log } from "@/server/log";
import type { ApiEnv } from "./types";

/**
 * One line per request at debug level (LOG_LEVEL=debug): method, route pattern, status, time, who.
 * Never the path's ids (one may be an external id), headers, query or body. Checked once per
 * request, not per line.
 */
export const accessLog = log.isLevelEnabled("debug") || env().NODE_ENV === "test";

export function logAccess(
  c: Context<ApiEnv>,
  requestId: string,
  status: number,
  started: number,
  ctx: Ctx | null,
): void {
  if (!log.isLevelEnabled("debug")) return;
  const actor = ctx?.actor;
  log.debug(
    {
      requestId,
      method: c.req.method,
      // The route's pattern, not the path: ids in paths may be a customer's external id.
      route: c.req.routePath,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      orgId: ctx?.orgId,
      actor: actor
        ? actor.type === "user"
          ? `user:${actor.userId}`
          : actor.type === "apiKey"
            ? `key:${actor.keyId}`
            : actor.type
        : undefined,
    },
    "api request",
  );
}
