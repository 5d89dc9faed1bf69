import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { env } from "@/lib/env";
import { clientAddress } from "@/server/platform/forwarded-for";
import type { ApiEnv } from "./types";

/**
 * The client's address by the one rule (forwarded-for.ts): the socket's, or with TRUST_PROXY the
 * X-Forwarded-For entry our last trusted proxy wrote. Undefined when there is no socket (a test
 * calling app.request()) and no header to take it from.
 */
export function clientIp(c: Context<ApiEnv>): string | undefined {
  const trusted = env().TRUST_PROXY;
  const forwarded = trusted ? c.req.header("x-forwarded-for") : undefined;
  if (forwarded) return clientAddress(forwarded, undefined, trusted) ?? socketAddress(c);
  return socketAddress(c);
}

function socketAddress(c: Context<ApiEnv>): string | undefined {
  const bindings = c.env as { incoming?: unknown; server?: unknown } | undefined;
  if (!bindings || !(bindings.incoming || bindings.server)) return undefined;
  return getConnInfo(c).remote.address;
}
