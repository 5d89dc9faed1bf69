import type { PlotProps } from "./types";

/** A step of 1, 2, 2.5 or 5 times a power of ten, the smallest at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw - 1e-9) ?? 10;
  return step * power;
}

/**
 * The value axis' ticks from 0: `count` equal steps of a round size (1, 2, 2.5 or 5 times a power
 * of ten) whose last is at least `max`; whole steps when `whole` (counts, amounts in minor units).
 * A fixed domain (a rate from 0 to 100) is split as it is.
 */
export function valueTicks(
  max: number,
  {
    count = 4,
    whole = true,
    domain,
  }: {
    count?: number;
    whole?: boolean;
    domain?: [number, number];
  } = {},
): number[] {
  if (domain) {
    const [lo, hi] = domain;
    return Array.from({ length: count + 1 }, (_, i) => lo + ((hi - lo) * i) / count);
  }
  let step = max > 0 ? niceStep(max / count) : 1;
  if (whole) step = Math.max(1, Math.ceil(step));
  const steps = Math.max(1, Math.ceil(max / step - 1e-9));
  return Array.from({ length: steps + 1 }, (_, i) => i * step);
}

/** A row's value of one series as a number (missing and null as 0 for bars, null for lines). */
export function valueOf(row: PlotProps["data"][number], key: string): number | null {
  const v = row[key];
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The tallest column: the sum of the series when they stack, else the largest value. */
export function largest(data: PlotProps["data"], keys: string[], stacked: boolean): number {
  let max = 0;
  for (const row of data) {
    const values = keys.map((k) => Math.max(0, valueOf(row, k) ?? 0));
    max = Math.max(max, stacked ? values.reduce((a, b) => a + b, 0) : Math.max(0, ...values));
  }
  return max;
}

/**
 * Which category labels to print under a column plot: about `most` of them, evenly spaced from
 * the first (the others would overlap at the width they have).
 */
export function labelEvery(categories: number, most: number): number {
  return Math.max(1, Math.ceil(categories / most));
}
