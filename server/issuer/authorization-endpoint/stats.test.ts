import { describe, expect, it } from "vitest";
import { LATENCY_BUCKET_BOUNDS_MS } from "@/server/db/schema/authorization-endpoints";
import { histogramPercentile, latencyBucketOf } from "./stats";

/** The latency chart's percentiles from the fixed-bucket histogram (authorization_endpoint_hourly). */

const histogram = (latencies: number[]) => {
  const buckets = Array<number>(LATENCY_BUCKET_BOUNDS_MS.length + 1).fill(0);
  for (const l of latencies) buckets[latencyBucketOf(l)]!++;
  return buckets;
};

describe("latency histogram", () => {
  it("puts a latency in the first bucket whose bound it does not pass; above the last, the overflow", () => {
    expect(latencyBucketOf(0)).toBe(0);
    expect(latencyBucketOf(2)).toBe(0);
    expect(latencyBucketOf(3)).toBe(1);
    expect(latencyBucketOf(1_500)).toBe(LATENCY_BUCKET_BOUNDS_MS.indexOf(1_500));
    expect(latencyBucketOf(9_999)).toBe(LATENCY_BUCKET_BOUNDS_MS.length);
  });

  it("a percentile is its rank's bucket bound, never above the slowest call", () => {
    // 98 fast calls (4 ms), one of 180 ms, one timeout at 1,507 ms.
    const latencies = [...Array<number>(98).fill(4), 180, 1_507];
    const buckets = histogram(latencies);
    expect(histogramPercentile(buckets, 0.5, 1_507)).toBe(5);
    expect(histogramPercentile(buckets, 0.99, 1_507)).toBe(200);
    expect(histogramPercentile(buckets, 1, 1_507)).toBe(1_507);
    expect(histogramPercentile(histogram([7]), 0.5, 7)).toBe(7);
    expect(histogramPercentile(histogram([]), 0.99, 0)).toBe(0);
    expect(histogramPercentile(histogram([5_000]), 0.99, 5_000)).toBe(5_000);
  });
});
