import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarPlot, LinePlot } from "./plot";
import { labelEvery, largest, valueTicks } from "./scale";

/*
 * Issue 25: every chart is there on load, without a charting library's work in the browser. The
 * plots are rendered here as the server renders them (no browser, no effect run): what they draw
 * must already be in that HTML.
 */

const days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"];

describe("the value axis", () => {
  it("ends on a round step at or over the largest value", () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(1_234)).toEqual([0, 500, 1_000, 1_500]);
    expect(valueTicks(100, { domain: [0, 100] })).toEqual([0, 25, 50, 75, 100]);
  });

  it("measures stacked bars by their sum, side by side by the largest", () => {
    const data = [
      { a: 3, b: 4 },
      { a: 6, b: null },
    ];
    expect(largest(data, ["a", "b"], true)).toBe(7);
    expect(largest(data, ["a", "b"], false)).toBe(6);
  });

  it("prints about as many category labels as fit", () => {
    expect(labelEvery(30, 5)).toBe(6);
    expect(labelEvery(7, 12)).toBe(1);
  });
});

describe("the plots in the server's HTML", () => {
  it("draws a stacked bar per category and series with a value, in a box of the given height", () => {
    const html = renderToStaticMarkup(
      createElement(BarPlot, {
        height: 224,
        xKey: "day",
        data: days.map((day, i) => ({ day, settled: i + 1, declined: i % 2 })),
        series: [
          { key: "settled", label: "Settled", color: "var(--success)" },
          { key: "declined", label: "Declined", color: "var(--danger)" },
        ],
        xTick: (d) => `day ${d.slice(-1)}`,
      }),
    );
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain("height:224px");
    expect(html.match(/<rect [^>]*fill="var\(--success\)"/g)).toHaveLength(4);
    expect(html.match(/<rect [^>]*fill="var\(--danger\)"/g)).toHaveLength(2);
    expect(html).toContain("day 1");
    expect(html).toContain("Settled");
    expect(html).not.toContain("recharts");
  });

  it("draws a line through the values, bridging a day without one", () => {
    const html = renderToStaticMarkup(
      createElement(LinePlot, {
        height: 192,
        xKey: "day",
        domain: [0, 100],
        data: days.map((day, i) => ({ day, rate: i === 2 ? null : 50 + i * 10 })),
        series: [{ key: "rate", label: "Approved", color: "var(--success)" }],
        yTick: (v) => `${v}%`,
      }),
    );
    expect(html).toContain('points="0.5,50 1.5,40 3.5,20"');
    expect(html).toContain("100%</span>");
  });

  it("draws sideways bars with the categories down the left", () => {
    const html = renderToStaticMarkup(
      createElement(BarPlot, {
        height: 96,
        xKey: "reason",
        horizontal: { labelWidth: 130 },
        data: [
          { reason: "Insufficient funds", count: 8 },
          { reason: "Card frozen", count: 2 },
        ],
        series: [{ key: "count", label: "Declines", color: "var(--danger)" }],
      }),
    );
    expect(html).toContain("Insufficient funds");
    expect(html).toContain("width:100%");
    expect(html).toContain("width:25%");
  });
});
