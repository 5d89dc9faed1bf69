/**
 * The first import of the benches that run the app's code in their own process (the authorization
 * benches): they measure it under the Node flags an app instance runs with (APP_NODE_FLAGS,
 * server/process/node-flags.ts), so started without them, the bench runs itself again with them and
 * exits with its code. A side-effect import: it runs before any module below it is evaluated.
 */
import { spawnSync } from "node:child_process";
import { relaunchArgs } from "@/server/process/node-flags";

const args = relaunchArgs(process.execArgv, process.argv);
if (args) {
  const child = spawnSync(process.execPath, args, { stdio: "inherit" });
  process.exit(child.status ?? 1);
}
