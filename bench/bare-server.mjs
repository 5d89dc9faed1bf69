// The baseline: a bare node:http server answering the same bodies as the app, no framework.
import http from "node:http";

const bodies = { "/api/health/ping": process.env.PING_BODY, "/api/v1/me": process.env.ME_BODY };
http
  .createServer((req, res) => {
    const body = bodies[req.url];
    res.writeHead(body ? 200 : 404, { "content-type": "application/json" });
    res.end(body ?? "{}");
  })
  .listen(Number(process.env.PORT));
