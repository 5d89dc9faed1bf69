// A local authorization endpoint for bench/authorization-endpoint.ts, in its own process so its CPU is
// not counted as the app's: answers {"approved":true} after ANSWER_MS, or never when ANSWER_MS is
// "never". Prints its port on stdout.
import http from "node:http";

const after = process.env.ANSWER_MS === "never" ? null : Number(process.env.ANSWER_MS ?? 1);
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    if (after === null) return;
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"approved":true}');
    }, after);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
