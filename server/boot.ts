import { isSandbox } from "@/lib/env";
import { purgeExpiredApiTokens } from "@/server/apikeys/authenticate";
import { purgeExpiredCardholderSessions } from "@/server/cards/cardholder/session";
import { registerCardExpiryJobs } from "@/server/cards/expiry/jobs";
import { registerCardInboundHandlers } from "@/server/cards/inbound";
import { registerCarryOverStep } from "@/server/cards/replacement/carry-over";
import { carryCardControls } from "@/server/controls/carry-over";
import { purgeSpendCounters } from "@/server/controls/purge";
import { registerFiatJobs } from "@/server/fiat/jobs";
import { registerGatewayJobs } from "@/server/gateway/jobs";
import { registerBalanceAlertConsumer } from "@/server/issuer/balance-alerts/consumer";
import { registerIssuerMoneyJobs } from "@/server/issuer/reconciliation/jobs";
import { registerStatementJobs } from "@/server/issuer/statements/jobs";
import { registerCardTransactionRetention } from "@/server/issuer/transactions/retention";
import { addHousekeepingTask, registerHousekeeping } from "@/server/jobs/housekeeping";
import { registerPartitionMaintenance } from "@/server/jobs/partitions";
import { installProviders } from "@/server/providers/current";
import { liveProviders } from "@/server/providers/live";
import { registerSandboxProviderJobs } from "@/server/providers/sandbox/jobs";
import { sandboxProviders } from "@/server/providers/sandbox/providers";
import { registerSwapJobs } from "@/server/swaps/jobs";
import { registerWebhookHandlers } from "@/server/webhooks/register";

/**
 * The composition root (docs/architecture.md): the one module above every domain that wires
 * them together. Every entry point starts through it: server/main.ts, the standalone worker
 * (server/worker-main.ts), the admin CLI, Next's instrumentation hook and the tests
 * (server/testing/boot.ts). Nothing registers itself as a side effect of being imported.
 *
 * boot() is what any process needs before it calls a use case: every provider port (the
 * simulators in sandbox mode; in live mode the real adapters, none of which exists yet) and the
 * handlers of upstream news, which a provider call may deliver at once, in the caller's
 * transaction.
 */
export function boot(): void {
  installProviders(isSandbox() ? sandboxProviders : liveProviders);
  registerCardInboundHandlers();
  // A replacement card takes the replaced card's spending controls (docs/card-replacement.md).
  registerCarryOverStep("spending_controls", carryCardControls);
  // Purges owned by domains; the platform's own (tokens, rate limits, jobs) are built in.
  addHousekeepingTask("api_tokens", purgeExpiredApiTokens);
  addHousekeepingTask("cardholder_sessions", purgeExpiredCardholderSessions);
  addHousekeepingTask("spend_counters", purgeSpendCounters);
}

/**
 * boot() plus what a worker runs: every job handler and event consumer, so the in-app worker
 * and `npm run worker` run the same set. Registering twice replaces entries with the same ones.
 */
export function bootWorker(): void {
  boot();
  registerHousekeeping();
  // Months ahead created, months past retention dropped (docs/scaling.md); the tables' owners say
  // how long each keeps (the outbox's is built in, the webhooks' in registerWebhookHandlers).
  registerPartitionMaintenance();
  registerCardTransactionRetention();
  registerWebhookHandlers();
  registerSandboxProviderJobs();
  registerIssuerMoneyJobs();
  registerStatementJobs();
  registerBalanceAlertConsumer();
  registerFiatJobs();
  registerSwapJobs();
  registerCardExpiryJobs();
  registerGatewayJobs();
}
