import { registerFiatJobs } from "@/server/fiat/jobs";
import { registerGatewayJobs } from "@/server/gateway/jobs";
import { registerIssuerMoneyJobs } from "@/server/issuer/reconciliation/jobs";
import { registerSandboxProviderJobs } from "@/server/providers/sandbox/jobs";
import { registerSwapJobs } from "@/server/swaps/jobs";
import { registerWebhookHandlers } from "@/server/webhooks/register";
import { registerHousekeeping } from "./housekeeping";

let registered = false;

/**
 * Every job handler and event consumer the worker process runs. A domain that adds jobs or
 * consumes events exports a register function and calls it here (explicit, not by import side
 * effect), so the in-app worker and `npm run worker` run the same set.
 */
export function registerWorkerHandlers(): void {
  if (registered) return;
  registered = true;
  registerHousekeeping();
  registerWebhookHandlers();
  registerSandboxProviderJobs();
  registerIssuerMoneyJobs();
  registerFiatJobs();
  registerSwapJobs();
  registerGatewayJobs();
}
