import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatChartTick, formatTimestamp, Timestamp } from "./timestamp";

describe("formatTimestamp (the console's one date/time format)", () => {
  const iso = "2026-11-26T07:43:11.512Z";

  it("shows UTC with the zone named, to the second by default", () => {
    expect(formatTimestamp(iso)).toBe("26 Nov 2026, 07:43:11 UTC");
    expect(formatTimestamp(new Date(iso))).toBe("26 Nov 2026, 07:43:11 UTC");
  });

  it("drops the seconds or the time when asked", () => {
    expect(formatTimestamp(iso, { seconds: false })).toBe("26 Nov 2026, 07:43 UTC");
    expect(formatTimestamp(iso, { withTime: false })).toBe("26 Nov 2026");
  });

  it("uses a program's time zone when given one, naming it", () => {
    expect(formatTimestamp(iso, { seconds: false, timeZone: "Europe/Berlin" })).toBe(
      "26 Nov 2026, 08:43 CET",
    );
  });

  it("writes chart ticks in the same zone: a UTC day, an hour", () => {
    expect(formatChartTick("2026-11-26", "day")).toBe("26 Nov");
    expect(formatChartTick(iso, "hour")).toBe("07:43");
    expect(formatChartTick("2026-11-26T23:30:00Z", "day")).toBe("26 Nov");
  });

  it("gives an empty text for a value that is not a date", () => {
    expect(formatTimestamp("not a date")).toBe("");
  });

  it("renders the same text on the server as in the browser, inside <time> with the instant", () => {
    const html = renderToStaticMarkup(createElement(Timestamp, { iso, seconds: false }));
    expect(html).toBe(
      `<time dateTime="${iso}" title="26 Nov 2026, 07:43:11 UTC" class="whitespace-nowrap">26 Nov 2026, 07:43 UTC</time>`,
    );
  });
});
