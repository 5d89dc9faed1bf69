import { describe, expect, it } from "vitest";
import { isoTimestamp } from "./timestamps";

/** Postgres' text of a timestamptz in a UTC session: fraction digits only as many as it needs. */
function postgresText(ms: number, micros: number): string {
  const iso = new Date(ms).toISOString(); // 2026-11-24T05:00:00.123Z
  const millis = ((ms % 1000) + 1000) % 1000; // before 1970, ms % 1000 is negative
  const fraction = (String(millis).padStart(3, "0") + String(micros).padStart(3, "0")).replace(/0+$/, "");
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ""}+00`;
}

describe("isoTimestamp", () => {
  it("gives what new Date(text).toISOString() gives for 50,000 UTC texts, fractions cut as Date cuts them", () => {
    const min = Date.UTC(1000, 0, 1);
    const max = Date.UTC(9999, 11, 31);
    let seen = 0;
    for (let i = 0; i < 50_000; i++) {
      const ms = Math.floor(min + Math.random() * (max - min));
      // A quarter of them whole seconds, a quarter whole milliseconds: the forms without 6 digits.
      const pick = i % 4;
      const at = pick === 0 ? ms - (ms % 1000) : ms;
      const micros = pick <= 1 ? 0 : Math.floor(Math.random() * 1000);
      const text = postgresText(at, micros);
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
      seen++;
    }
    expect(seen).toBe(50_000);
  });

  it("reads a Date as toISOString does, and other offsets through Date", () => {
    const at = new Date("2026-11-24T05:06:07.089Z");
    expect(isoTimestamp(at)).toBe("2026-11-24T05:06:07.089Z");
    expect(isoTimestamp("2026-11-24 05:00:00+05:30")).toBe("2026-11-23T23:30:00.000Z");
    expect(isoTimestamp("2026-11-24 05:00:00.5-02")).toBe("2026-11-24T07:00:00.500Z");
  });

  it("keeps years before 1000 out of the text path (Date reads 0099 as 1999; the text path would not)", () => {
    expect(isoTimestamp("0999-01-01 00:00:00+00")).toBe(new Date("0999-01-01 00:00:00+00").toISOString());
  });
});
