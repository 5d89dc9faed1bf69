import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_NODE_FLAGS, relaunchArgs } from "./node-flags";

describe("APP_NODE_FLAGS", () => {
  it("are the flags of npm start too (package.json cannot import them)", () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start!.split(" ")).toEqual(["tsx", ...APP_NODE_FLAGS, "server/main.ts"]);
  });

  it("relaunch a process without them with them first, keeping its own flags and arguments", () => {
    const loader = ["--require", "/x/tsx/preflight.cjs", "--import", "file:///x/tsx/loader.mjs"];
    const argv = ["/usr/bin/node", "/repo/bench/b.ts", "--rate", "500"];
    expect(relaunchArgs(loader, argv)).toEqual([
      ...APP_NODE_FLAGS,
      ...loader,
      "/repo/bench/b.ts",
      "--rate",
      "500",
    ]);
    // One of them given already: only the missing ones are added.
    expect(relaunchArgs([APP_NODE_FLAGS[0]!, ...loader], argv)).toEqual([
      ...APP_NODE_FLAGS.slice(1),
      APP_NODE_FLAGS[0],
      ...loader,
      "/repo/bench/b.ts",
      "--rate",
      "500",
    ]);
    expect(relaunchArgs([...APP_NODE_FLAGS, ...loader], argv)).toBeNull();
  });
});
