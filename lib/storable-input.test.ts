import { describe, expect, it } from "vitest";
import {
  isUnstorableText,
  MAX_INPUT_DEPTH,
  outOfRangeDateIssues,
  unstorableInputIssues,
} from "./storable-input";

describe("isUnstorableText", () => {
  it("refuses NUL and unpaired surrogates, keeps paired ones and ordinary text", () => {
    for (const bad of ["\u0000", "a\u0000b", "\uD800", "x\uDBFFy", "\uDC00", "a\uDFFF", "\uDC00\uD800"])
      expect(isUnstorableText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of [
      "",
      "plain",
      "café",
      "😀",
      "\uD83D\uDE00",
      "tab\tnew\nline",
      "\u0001\u007F",
      "\uFFFD",
    ])
      expect(isUnstorableText(good), JSON.stringify(good)).toBe(false);
  });
});

describe("unstorableInputIssues", () => {
  it("names every bad string by its path, in values and in keys", () => {
    const issues = unstorableInputIssues({
      description: "a\u0000b",
      events: ["ok", "\uD800"],
      meta: { ["k\u0000"]: "v", deep: { x: "\uDC00" } },
      fine: "yes",
      n: 1,
    });
    expect(issues.map((i) => i.path)).toEqual([
      ["description"],
      ["events", 1],
      ["meta", "k\u0000"],
      ["meta", "deep", "x"],
    ]);
    expect(issues[0]!.message).toMatch(/U\+0000/);
    expect(unstorableInputIssues("\u0000")).toEqual([{ path: [], message: expect.any(String) }]);
    expect(unstorableInputIssues({ a: "b", c: [1, null, true] })).toEqual([]);
  });

  it("refuses nesting deeper than the limit without overflowing the stack", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const issues = unstorableInputIssues({ a: deep });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toHaveLength(MAX_INPUT_DEPTH);
    expect(issues[0]!.message).toMatch(/Nested too deeply/);
    let ok: unknown = "leaf";
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) ok = { x: ok };
    expect(unstorableInputIssues({ ok })).toEqual([]);
  });

  it("stops listing after 20 issues", () => {
    expect(unstorableInputIssues(Array.from({ length: 100 }, () => "\u0000"))).toHaveLength(20);
  });
});

describe("outOfRangeDateIssues", () => {
  it("keeps dates from 1900 to 9999 and refuses the extremes JavaScript can hold", () => {
    const ok = [
      new Date("1900-01-01T00:00:00Z"),
      new Date("2026-11-23"),
      new Date("9999-12-31T23:59:59.999Z"),
    ];
    expect(outOfRangeDateIssues({ ok, one: ok[1] })).toEqual([]);
    const issues = outOfRangeDateIssues({
      from: new Date("-271821-04-20T00:00:00Z"),
      range: { to: new Date("+275760-09-13T00:00:00Z") },
      early: new Date("1899-12-31T23:59:59.999Z"),
      late: new Date("+010000-01-01T00:00:00Z"),
    });
    expect(issues.map((i) => i.path)).toEqual([["from"], ["range", "to"], ["early"], ["late"]]);
    expect(issues[0]!.message).toMatch(/between 1900-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z/);
    expect(outOfRangeDateIssues(new Date(8.64e15))).toHaveLength(1);
  });
});
