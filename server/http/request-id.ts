import type { Context } from "hono";
import { newId } from "@/lib/ids";
import type { ApiEnv } from "./types";

/** A caller's id is kept only when it is short and plain, so it is safe in logs and headers. */
const CALLER_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id (the caller's X-Request-Id when acceptable, else a new `req_...`); set once. */
export function requestIdFor(c: Context<ApiEnv>): string {
  const known = c.get("requestId");
  if (known) return known;
  const given = c.req.header("x-request-id");
  const id = given !== undefined && CALLER_ID.test(given) ? given : newId("req");
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  return id;
}
