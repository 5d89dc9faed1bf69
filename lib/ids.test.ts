import { describe, expect, it } from "vitest";
import { newId, randomBase62 } from "./ids";

describe("random ids (lib/ids.ts)", () => {
  it("are base62 of the asked length, and never repeat across pool refills", () => {
    const seen = new Set<string>();
    // 5,000 ids of 20 characters take about 25 refills of the 4,096-byte pool.
    for (let i = 0; i < 5_000; i++) {
      const id = randomBase62(20);
      expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(5_000);
    expect(newId("txn")).toMatch(/^txn_[0-9A-Za-z]{20}$/);
  });

  it("use every base62 character about equally (no bias from the pool or the modulo)", () => {
    const counts = new Map<string, number>();
    const text = Array.from({ length: 2_000 }, () => randomBase62(31)).join("");
    for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = text.length / 62; // 1,000
    // Each count is binomial (sd about 31): 6 sd either side never fails by chance in practice.
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(190);
  });
});
