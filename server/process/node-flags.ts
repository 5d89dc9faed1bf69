/**
 * The Node flags an app instance runs with (`npm start`, `npm run cluster`, and the benches that
 * start the app as it is deployed). A young generation of 64 MB semi-spaces instead of Node's 16:
 * a request's short-lived objects die in fewer scavenges, which gave `/v1/me` 10-15 % more requests
 * per core (user time per request 30.7-33.5 µs -> 25.3-27.0 µs) for about 110 MB more resident
 * memory (docs/performance.md). V8 reads it when the heap is made, so it must be on the command line
 * (or NODE_OPTIONS), not set from inside the process. package.json's "start" repeats it (JSON
 * imports nothing).
 */
export const APP_NODE_FLAGS = ["--max-semi-space-size=64"];
