import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-to";

describe("safeReturnPath", () => {
  it("keeps paths on this site", () => {
    expect(safeReturnPath("/card/org_1/onboarding")).toBe("/card/org_1/onboarding");
    expect(safeReturnPath("/card/org_1/onboarding?step=3#top")).toBe("/card/org_1/onboarding?step=3#top");
    expect(safeReturnPath(["/a", "/b"])).toBe("/a");
  });

  it("refuses other origins and what browsers read as one", () => {
    for (const bad of [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example/x",
      "\\\\evil.example",
      "javascript:alert(1)",
      "card/x",
      "",
      undefined,
      "/\t/evil.example",
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});
