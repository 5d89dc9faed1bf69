import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { listAgeDays, STALE_AFTER_DAYS, StaleListWarning } from "./stale-list-warning";

const render = (asOf: string, now: number) =>
  renderToStaticMarkup(createElement(StaleListWarning, { asOf, age: listAgeDays(asOf, now) }));

describe("Screening's stale sanctions list warning", () => {
  const now = Date.parse("2026-11-26T13:00:00Z");

  it("counts whole days from the list's date", () => {
    expect(listAgeDays("2026-11-26", now)).toBe(0);
    expect(listAgeDays("2026-10-27", now)).toBe(30);
    expect(listAgeDays("2024-09-27", now)).toBe(790);
    expect(listAgeDays("not a date", now)).toBe(0);
  });

  it("is silent for a list of the last 30 days", () => {
    expect(STALE_AFTER_DAYS).toBe(30);
    expect(render("2026-10-27", now)).toBe("");
  });

  it("for an older list says its date, its age and the command that loads a newer one", () => {
    const html = render("2024-09-27", now);
    expect(html).toMatch(/as of 27 Sept? 2024, 790 days ago/);
    expect(html).toContain("npm run admin -- screening-list load &lt;folder&gt;");
    expect(html).not.toMatch(/docs\/|\.md\b|data\//);
  });
});
