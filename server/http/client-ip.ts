import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { env } from "@/lib/env";
import type { ApiEnv } from "./types";

/**
 * The client's address: the socket's, or the first X-Forwarded-For entry when TRUST_PROXY is
 * on (only then: otherwise any caller could pick the address its rate limit is counted under).
 * Undefined when there is no socket (a test calling app.request()).
 */
export function clientIp(c: Context<ApiEnv>): string | undefined {
  if (env().TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for");
    const first = forwarded?.split(",", 1)[0]?.trim();
    if (first) return first;
  }
  const bindings = c.env as { incoming?: unknown; server?: unknown } | undefined;
  if (!bindings || !(bindings.incoming || bindings.server)) return undefined;
  return getConnInfo(c).remote.address;
}
