import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { computedWindowStart, localDay, type WindowInterval, windowStart } from "./windows";

const INTERVALS: Exclude<WindowInterval, "all_time">[] = ["hourly", "daily", "weekly", "monthly", "yearly"];

describe("remembered window starts", () => {
  it("match the computed ones minute by minute across DST changes, forwards and backwards", () => {
    // Spring and autumn changes: Berlin, Santiago (its autumn change at local midnight goes back a
    // day), Lord Howe (a half-hour shift), Kathmandu (+05:45), New York; UTC for the plain case.
    const cases: [string, string][] = [
      ["Europe/Berlin", "2026-03-28T12:00:00Z"],
      ["Europe/Berlin", "2026-10-24T12:00:00Z"],
      ["America/Santiago", "2026-04-03T12:00:00Z"],
      ["America/Santiago", "2026-09-04T12:00:00Z"],
      ["Australia/Lord_Howe", "2026-04-04T00:00:00Z"],
      ["Australia/Lord_Howe", "2026-10-03T00:00:00Z"],
      ["Asia/Kathmandu", "2026-12-31T12:00:00Z"],
      ["America/New_York", "2026-11-01T00:00:00Z"],
      ["UTC", "2026-12-31T20:00:00Z"],
    ];
    const wrong: string[] = [];
    for (const [zone, from] of cases) {
      const start = Date.parse(from);
      const steps = Array.from({ length: (2 * 24 * 60) / 7 }, (_, i) => start + i * 7 * 60_000);
      for (const t of [...steps, ...[...steps].reverse()]) {
        const at = new Date(t);
        for (const interval of INTERVALS)
          if (windowStart(interval, at, zone).getTime() !== computedWindowStart(interval, at, zone).getTime())
            wrong.push(`${zone} ${interval} ${at.toISOString()}`);
        if (localDay(at, zone) !== new TZDate(t, zone).toISOString().slice(0, 10))
          wrong.push(`${zone} day ${at.toISOString()}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
