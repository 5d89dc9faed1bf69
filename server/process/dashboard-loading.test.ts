import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DASHBOARD = path.join(import.meta.dirname, "..", "..", "app", "(dashboard)");

function pageDirs(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((e) => e.isFile() && e.name === "page.tsx") ? [dir] : [];
  return here.concat(...entries.filter((e) => e.isDirectory()).map((e) => pageDirs(path.join(dir, e.name))));
}

describe("the dashboard's pages", () => {
  it("each have a loading state of their own (loading.tsx beside page.tsx)", () => {
    const pages = pageDirs(DASHBOARD);
    expect(pages.length).toBeGreaterThan(10);
    const missing = pages.filter((d) => !existsSync(path.join(d, "loading.tsx")));
    expect(missing.map((d) => path.relative(DASHBOARD, d))).toEqual([]);
  });
});
