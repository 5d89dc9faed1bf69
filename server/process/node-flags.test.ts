import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_NODE_FLAGS } from "./node-flags";

describe("APP_NODE_FLAGS", () => {
  it("are the flags of npm start too (package.json cannot import them)", () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start!.split(" ")).toEqual(["tsx", ...APP_NODE_FLAGS, "server/main.ts"]);
  });
});
