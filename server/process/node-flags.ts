/**
 * The Node flags an app instance runs with (`npm start`, `npm run cluster`, the benches that start the
 * app as it is deployed, and the benches that run the authorization path in their own process:
 * bench/app-flags-first.ts). V8 reads them when the heap is made, so they must be on the command line,
 * not set from inside the process. package.json's "start" repeats them (JSON imports nothing).
 *
 * - `--max-semi-space-size=64`: a young generation of 64 MB semi-spaces instead of Node's 16. A request's
 *   short-lived objects die in fewer scavenges, which gave `/v1/me` 10-15 % more requests per core (user
 *   time per request 30.7-33.5 µs -> 25.3-27.0 µs) for about 110 MB more resident memory
 *   (docs/performance.md).
 * - `--single-threaded-gc`: V8 collects on the app's own thread, not with helper threads on every core.
 *   On the 2-core machine the app shares with Postgres, each major GC's helper threads took the cores
 *   from the Postgres backends in the middle of authorizations holding row locks, and every
 *   authorization in flight waited: 200-400 ms windows of slow authorizations, the 500/s p99's misses
 *   (docs/performance.md, "V8's GC threads and the 500/s stalls"). On a machine with cores to spare
 *   for the app, parallel GC shortens its pauses: drop the flag there.
 */
export const APP_NODE_FLAGS = ["--max-semi-space-size=64", "--single-threaded-gc"];

/**
 * The arguments to start this process again under APP_NODE_FLAGS (its own Node flags, such as tsx's
 * loader, kept after them), or null when it already runs with every one of them.
 */
export function relaunchArgs(execArgv: readonly string[], argv: readonly string[]): string[] | null {
  if (APP_NODE_FLAGS.every((flag) => execArgv.includes(flag))) return null;
  return [...APP_NODE_FLAGS.filter((flag) => !execArgv.includes(flag)), ...execArgv, ...argv.slice(1)];
}
