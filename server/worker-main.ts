import { startStandaloneWorker } from "@/server/process/standalone-worker";

/** `npm run worker`: the background worker as its own process (docs/worker.md). */
startStandaloneWorker();
