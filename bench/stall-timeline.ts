import { readFileSync } from "node:fs";

/**
 * Where in time the slow authorizations of bench/authorization-tail.ts fall, beside what the machine
 * did then: the 100 ms bins with the most slow ones (by their start), and for the 200 ms that end
 * each bin the app's CPU, the machine's busy share, the GC pauses and what the database's backends
 * waited on; and when the WAL moved to a new segment and when a major GC ran. It tells a stall of
 * the whole machine (every bin's neighbours slow, the machine near 90 % busy) from a slow step of the
 * path (docs/performance.md, "Stalls at 500/s, the notify lock again, and balance rows rewritten in place").
 */

/** The machine's CPU ticks from /proc/stat: all, idle and waiting for I/O. */
export function machineTicks() {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0]!.split(/\s+/).slice(1).map(Number);
  return { total: f.reduce((a, b) => a + b, 0), idle: f[3]!, iowait: f[4]!, steal: f[7] ?? 0 };
}

interface Sample {
  at: number;
  whats: string[];
  walSegment: number;
  /** Since the sample before: this process's CPU (µs), the machine's busy and all ticks. */
  appCpuUs: number;
  busyTicks: number;
  allTicks: number;
}

export interface TimedAuthorization {
  /** performance.now() at its start. */
  startedAt: number;
  /** Its latency from its scheduled start, ms. */
  fromScheduled: number;
}

/** A GC pause as PerformanceObserver reports it (kind: perf_hooks' constants.NODE_PERFORMANCE_GC_*). */
export interface GcPause {
  start: number;
  ms: number;
  kind: number;
}

const BIN_MS = 100;
const SLOW_MS = 25;
/** perf_hooks' constants.NODE_PERFORMANCE_GC_MAJOR: a mark-compact, its marking done beside on helper threads. */
const GC_MAJOR = 4;

export function stallTimeline() {
  const samples: Sample[] = [];
  let lastCpu = process.cpuUsage();
  let lastTicks = machineTicks();
  const busy = (t: ReturnType<typeof machineTicks>) => t.total - t.idle - t.iowait;

  /** Called with each sample of the backends (what each did) and the WAL's insert position's segment, if read. */
  function sample(whats: string[], segment: number | null): void {
    const walSegment = segment ?? samples.at(-1)?.walSegment ?? 0;
    const cpu = process.cpuUsage();
    const ticks = machineTicks();
    samples.push({
      at: performance.now(),
      whats,
      walSegment,
      appCpuUs: cpu.user + cpu.system - lastCpu.user - lastCpu.system,
      busyTicks: busy(ticks) - busy(lastTicks),
      allTicks: ticks.total - lastTicks.total,
    });
    lastCpu = cpu;
    lastTicks = ticks;
  }

  /** App CPU (cores) and the machine's busy share over a run of samples. */
  function load(run: Sample[]) {
    const ms = run.length > 1 ? run.at(-1)!.at - run[0]!.at : 1;
    const tail = run.slice(1);
    const sum = (f: (s: Sample) => number) => tail.reduce((a, s) => a + f(s), 0);
    return {
      appCores: sum((s) => s.appCpuUs) / 1000 / ms,
      busyShare:
        sum((s) => s.busyTicks) /
        Math.max(
          1,
          sum((s) => s.allTicks),
        ),
    };
  }

  function report(authorizations: TimedAuthorization[], gcs: GcPause[]): string[] {
    const t0 = authorizations[0]?.startedAt ?? 0;
    const seconds = (at: number) => ((at - t0) / 1000).toFixed(2);
    const bins = new Map<number, { slow: number; of: number }>();
    for (const a of authorizations) {
      const b = Math.floor((a.startedAt - t0) / BIN_MS);
      const bin = bins.get(b) ?? { slow: 0, of: 0 };
      bin.of++;
      if (a.fromScheduled > SLOW_MS) bin.slow++;
      bins.set(b, bin);
    }
    const switches = samples
      .filter((s, i) => i > 0 && s.walSegment !== samples[i - 1]!.walSegment)
      .map((s) => seconds(s.at));
    const majors = gcs
      .filter((g) => g.kind === GC_MAJOR && g.start >= t0)
      .map((g) => `${seconds(g.start)} (${g.ms.toFixed(0)} ms)`);
    const whole = load(samples);
    const lines = [
      `whole run: app CPU ${whole.appCores.toFixed(2)} cores, machine busy ${(whole.busyShare * 100).toFixed(0)}%; ` +
        `WAL segment switches at (s) ${switches.join(", ") || "none"}; major GCs at (s) ${majors.join(", ") || "none"}`,
    ];
    const worst = [...bins]
      .filter(([, v]) => v.slow > 0)
      .sort((a, b) => b[1].slow - a[1].slow)
      .slice(0, 6)
      .sort((a, b) => a[0] - b[0]);
    for (const [b, v] of worst) {
      const from = t0 + (b - 1) * BIN_MS;
      const inWindow = samples.filter((s) => s.at >= from && s.at < from + 2 * BIN_MS);
      const tally = new Map<string, number>();
      for (const s of inWindow) for (const w of s.whats) tally.set(w, (tally.get(w) ?? 0) + 1);
      const { appCores, busyShare } = load(inWindow);
      const gcMs = gcs
        .filter((g) => g.start >= from && g.start < from + 2 * BIN_MS)
        .reduce((a, g) => a + g.ms, 0);
      const waits = [...tally]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 5)
        .map(([w, c]) => `${w} ${(c / Math.max(1, inWindow.length)).toFixed(2)}`);
      lines.push(
        `  ${((b * BIN_MS) / 1000).toFixed(1)} s: ${v.slow} of ${v.of} slow; the 200 ms to its end: ${inWindow.length} samples, ` +
          `app CPU ${appCores.toFixed(2)} cores, machine busy ${(busyShare * 100).toFixed(0)}%, GC ${gcMs.toFixed(0)} ms; ` +
          `backends per sample: ${waits.join(", ")}`,
      );
    }
    return lines;
  }

  return { sample, report };
}
