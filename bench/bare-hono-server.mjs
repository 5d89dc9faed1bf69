// The framework's floor: Hono on @hono/node-server (the REST API's own pair), answering the same
// bodies as the app from a route with no work, so the app's figure minus this one is the kit's cost.
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";

const bodies = { "/api/health/ping": process.env.PING_BODY, "/api/v1/me": process.env.ME_BODY };
const app = new Hono();
for (const [path, body] of Object.entries(bodies))
  app.get(path, () => new Response(body, { headers: { "content-type": "application/json" } }));
http.createServer(getRequestListener(app.fetch)).listen(Number(process.env.PORT));
