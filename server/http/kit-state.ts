import type { Context } from "hono";
import { env } from "@/lib/env";
import { type Family, familyOf } from "./family";
import { requestIdFrom } from "./request-id";
import type { ApiEnv, KitState } from "./types";

/**
 * Outside production c.header is watched, so a route that calls it and then answers with ok()
 * (which does not carry Hono's prepared headers) fails its tests instead of silently losing the
 * header. Production skips the watch: replacing c.header per request costs real throughput.
 */
const WATCH_HEADERS = env().NODE_ENV !== "production";

/** Starts the kit's state for a request. */
export function startKit(c: Context<ApiEnv>, family: Family): KitState {
  const kit: KitState = {
    requestId: requestIdFrom(c),
    family,
    headers: null,
    touchedHeaders: false,
    sent: null,
  };
  c.set("kit", kit);
  if (WATCH_HEADERS) {
    const setHeader = c.header;
    c.header = ((...args: Parameters<typeof setHeader>) => {
      kit.touchedHeaders = true;
      return setHeader(...args);
    }) as typeof c.header;
  }
  return kit;
}

/** The state, started from the path when no route ran (404, 405, an error before the route). */
export function kitOf(c: Context<ApiEnv>): KitState {
  return c.get("kit") ?? startKit(c, familyOf(c.req.path));
}

/** Adds a header to every response of this request (RateLimit-*, Location...). */
export function setResponseHeader(c: Context<ApiEnv>, name: string, value: string): void {
  const kit = kitOf(c);
  (kit.headers ??= {})[name] = value;
}
