import { appendFileSync, existsSync } from "node:fs";
import path from "node:path";
import { registerJobHandler } from "@/server/jobs/job-handlers";

export const TEST_SLEEP_KIND = "test.sleep";

/**
 * A job kind for the multi-process crash test only (./worker-main.ts `--test-jobs`): sleeps
 * payload.ms, writing "start <job> <worker>" and "finish <job> <worker>" lines to payload.logFile,
 * so the test can tell which runs really finished. A short lease makes a dead worker's job
 * reclaimable quickly.
 */
export function registerTestJobs(): void {
  registerJobHandler(
    TEST_SLEEP_KIND,
    async ({ job, signal }) => {
      const { ms, logFile } = job.payload as { ms: number; logFile: string };
      // A leftover from an earlier run whose folder is gone: nothing to report to.
      const note = (what: string) =>
        existsSync(path.dirname(logFile)) && appendFileSync(logFile, `${what} ${job.id} ${job.lockedBy}\n`);
      note("start");
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
      note("finish");
    },
    { leaseSeconds: 2 },
  );
}
