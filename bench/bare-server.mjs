// The baseline: a bare node:http server answering the same bodies as the app, no framework.
import http from "node:http";

// PING_BODY and ME_BODY (bench/http-overhead.ts), or BODIES: a JSON object of path -> body
// (bench/issuer-reads.ts). Paths are matched with their query string.
const bodies = process.env.BODIES
  ? JSON.parse(process.env.BODIES)
  : { "/api/health/ping": process.env.PING_BODY, "/api/v1/me": process.env.ME_BODY };
http
  .createServer((req, res) => {
    const body = bodies[req.url];
    res.writeHead(body ? 200 : 404, { "content-type": "application/json" });
    res.end(body ?? "{}");
  })
  .listen(Number(process.env.PORT));
