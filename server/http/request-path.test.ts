import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "@/app/(auth)/sign-in/callback-path";
import { requestPath } from "./request-path";

describe("requestPath (the way back the proxy hands a page)", () => {
  it("keeps the path and the query", () => {
    expect(requestPath(new URL("http://console.test/transactions?status=declined&tx=ctx_1"))).toBe(
      "/transactions?status=declined&tx=ctx_1",
    );
    expect(requestPath(new URL("http://console.test/disputes/dsp_1"))).toBe("/disputes/dsp_1");
  });

  it("drops Next's RSC cache key", () => {
    expect(requestPath(new URL("http://console.test/cards?status=frozen&_rsc=abc12"))).toBe(
      "/cards?status=frozen",
    );
    expect(requestPath(new URL("http://console.test/cards?_rsc=abc12"))).toBe("/cards");
  });
});

describe("safeCallbackPath (where sign-in may send the user)", () => {
  it("keeps a same-origin relative path with its query and hash", () => {
    expect(safeCallbackPath("/transactions?status=declined&tx=ctx_1")).toBe(
      "/transactions?status=declined&tx=ctx_1",
    );
    expect(safeCallbackPath("/customers/sc_1#cards")).toBe("/customers/sc_1#cards");
    expect(safeCallbackPath(["/cards", "/evil"])).toBe("/cards");
  });

  it("sends anything that could leave the site to the Overview", () => {
    for (const attack of [
      "//evil.com",
      "//evil.com/overview",
      "https://evil.com",
      "http://evil.com/overview",
      "/\\evil.com",
      "\\\\evil.com",
      "javascript:alert(1)",
      "evil.com",
      " //evil.com",
      "/\t/evil.com",
      "https:evil.com",
    ]) {
      expect(safeCallbackPath(attack), attack).toBe("/overview");
    }
  });

  it("takes an absolute URL only of the console's own origin", () => {
    expect(safeCallbackPath("https://console.test/cards?status=frozen", "https://console.test")).toBe(
      "/cards?status=frozen",
    );
    expect(safeCallbackPath("https://evil.com/cards", "https://console.test")).toBe("/overview");
    expect(safeCallbackPath("https://console.test.evil.com/cards", "https://console.test")).toBe("/overview");
  });

  it("never loops back to sign-in nor into the REST API", () => {
    expect(safeCallbackPath("/sign-in?callbackUrl=/cards")).toBe("/overview");
    expect(safeCallbackPath("/api/v1/cards")).toBe("/overview");
    expect(safeCallbackPath(undefined)).toBe("/overview");
    expect(safeCallbackPath("")).toBe("/overview");
  });
});
