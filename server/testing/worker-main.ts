import { startStandaloneWorker } from "@/server/process/standalone-worker";
import { registerTestJobs } from "./test-jobs";

/**
 * The standalone worker of the multi-process tests (./worker-process.ts): the production one
 * (server/worker-main.ts), plus the crash test's job kind with `--test-jobs`.
 */
startStandaloneWorker(process.argv.includes("--test-jobs") ? registerTestJobs : undefined);
