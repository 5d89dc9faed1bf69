import { ACCOUNT_STATUS_MEANINGS, type SafeDeployment, TOKEN_OF_CURRENCY } from "@/lib/contracts/cards";
import { env, isSandbox } from "@/lib/env";
import { ServiceError } from "@/lib/errors";
import { authorize } from "@/server/auth/authorize";
import { openCustomerBalance } from "@/server/balances/open";
import type { Ctx } from "@/server/context";
import type { Db } from "@/server/db/client";
import type { CardCurrency } from "@/server/db/schema/cards";
import { providers } from "@/server/providers/current";
import { type CardCustomerRow, findCustomer } from "../customers/find";
import { auditOnboardingStep } from "./audit";
import { requireOnboardedUpTo, saveProgress } from "./progress";

/**
 * Step 5's account wallet (docs/card-program.md, Onboarding: Wallet deployment; the response is
 * safeDeploymentSchema in lib/contracts/cards.ts). Our record (safe_state) is what card creation
 * checks; the chain reports the end of a deployment through the inbound `account.safe.deployed` /
 * `account.safe.failed`.
 *
 * Answers, by state (POST and GET give the same form; POST also starts a deployment):
 * - started by this call: 202, deployment_accepted true, deploy_status processing;
 * - already under way: 202, deployment_accepted false (nothing new started), deploy_status processing;
 * - deployed: 200, already_deployed true, safe_address, account_status and its meaning, is_ready;
 * - failed (GET): deploy_status failed; a POST starts it again (202, accepted).
 */

export type SafePath = "svc-card" | "customers";

/**
 * The GET to poll; by default the path family the customer belongs to (customers/ is for B2B issuer
 * customers).
 */
export function monitorEndpointOf(c: CardCustomerRow, path?: SafePath): string {
  const family = path ?? (c.origin === "issuer" ? "customers" : "svc-card");
  return family === "customers"
    ? `/api/v1/svc-card/customers/${c.svcCardId}/safe/deploy`
    : `/api/v1/svc-card/${c.svcCardId}/safe/deploy`;
}

/**
 * When a deployment under way should be done: the interface's "typically up to 1 minute", the simulator's own
 * time in sandbox.
 */
function estimateFrom(requestedAt: Date | null): Date {
  const e = env();
  const seconds = isSandbox() ? e.SAFE_DEPLOY_SECONDS : 60;
  return new Date(Math.max(Date.now(), (requestedAt?.getTime() ?? Date.now()) + seconds * 1000));
}

const NEXT_STEP = {
  not_deployed: "deploy_wallet",
  processing: "poll_monitor_endpoint",
  failed: "retry_deploy",
  deployed: "create_virtual_card",
  not_ready: "wait_for_account_status",
} as const;

function requireCurrency(c: CardCustomerRow): CardCurrency {
  if (!c.currency)
    throw new ServiceError(
      "KYC_NOT_APPROVED",
      "Identity verification has not assigned the account's currency yet.",
    );
  return c.currency;
}

/** The response form of the customer's deployment state. */
export function safeDeploymentOf(
  c: CardCustomerRow,
  opts: { accepted?: boolean; estimatedCompletion?: Date; path?: SafePath } = {},
): SafeDeployment {
  const currency = requireCurrency(c);
  const common = {
    monitor_endpoint: monitorEndpointOf(c, opts.path),
    token_symbol: TOKEN_OF_CURRENCY[currency],
    fiat_symbol: currency,
  };
  if (c.safeState === "deployed") {
    const status = c.accountStatus ?? 0;
    const meaning = ACCOUNT_STATUS_MEANINGS[status];
    const ready = meaning?.ready ?? false;
    return {
      deployment_accepted: false,
      estimated_completion: (c.safeDeployedAt ?? c.updatedAt).toISOString(),
      next_step: ready ? NEXT_STEP.deployed : NEXT_STEP.not_ready,
      ...common,
      already_deployed: true,
      safe_address: c.safeAddress ?? undefined,
      account_status: status,
      account_status_meaning: meaning?.name ?? "UnexpectedError",
      is_ready: ready,
      deploy_status: "deployed",
    };
  }
  const processing = c.safeState === "processing";
  return {
    deployment_accepted: opts.accepted ?? false,
    ...(processing
      ? { estimated_completion: (opts.estimatedCompletion ?? estimateFrom(c.safeRequestedAt)).toISOString() }
      : {}),
    next_step: NEXT_STEP[c.safeState],
    ...common,
    already_deployed: false,
    account_status: null,
    account_status_meaning: null,
    is_ready: false,
    deploy_status: c.safeState,
  };
}

/**
 * POST .../safe/deploy. Needs identity approval, the source-of-funds answers and a verified
 * phone (named in that order). Not deployed, or failed: the chain is asked to deploy in the same
 * transaction that records processing, and `accepted` is true (HTTP 202).
 */
export async function deploySafe({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; path?: SafePath };
}): Promise<{ accepted: boolean; deployment: SafeDeployment }> {
  authorize(ctx, "deploySafe");
  return ctx.db.transaction(async (tx) => {
    let customer = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
    requireOnboardedUpTo(customer, "phone");
    const currency = requireCurrency(customer);
    if (customer.safeState === "deployed" || customer.safeState === "processing") {
      return { accepted: false, deployment: safeDeploymentOf(customer, { path: input.path }) };
    }
    // Processing is recorded before the chain is asked, so news it reports at once is not overwritten.
    customer = await saveProgress(tx, customer, {
      safeState: "processing",
      safeRequestedAt: new Date(),
      accountStatus: null,
    });
    const started = await providers().chain.deploySafe(tx, {
      orgId: ctx.orgId,
      ownerRef: customer.id,
      currency,
    });
    customer = await findCustomer(ctx, input.svcCardId, { db: tx });
    if (customer.safeAddress !== started.address && customer.safeState === "processing")
      customer = await saveProgress(tx, customer, { safeAddress: started.address });
    await auditOnboardingStep(ctx, tx, customer, {
      action: "onboarding.wallet_deploy_requested",
      after: { safe_state: customer.safeState },
      detail: { currency, address: started.address },
    });
    return {
      accepted: true,
      deployment: safeDeploymentOf(customer, {
        accepted: true,
        estimatedCompletion: started.estimatedCompletion,
        path: input.path,
      }),
    };
  });
}

/**
 * GET .../safe/deploy: the deployment's state. While processing it also asks the chain, so a
 * missed inbound event cannot leave the customer waiting forever.
 */
export async function getSafeDeployment({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { svcCardId: string; path?: SafePath };
}): Promise<SafeDeployment> {
  authorize(ctx, "getSafeDeployment");
  let customer = await findCustomer(ctx, input.svcCardId);
  requireCurrency(customer);
  if (customer.safeState === "processing" && customer.safeAddress) {
    const safe = await providers().chain.getSafe(ctx.db, { orgId: ctx.orgId, address: customer.safeAddress });
    if (safe && safe.deployStatus !== "processing") {
      customer = await ctx.db.transaction(async (tx) => {
        const locked = await findCustomer(ctx, input.svcCardId, { db: tx, forUpdate: true });
        return safe.deployStatus === "ok"
          ? applySafeDeployed(tx, locked, { address: safe.address, accountStatus: safe.accountStatus })
          : applySafeFailed(tx, locked, { address: safe.address });
      });
    }
  }
  return safeDeploymentOf(customer, { path: input.path });
}

/** Another wallet than the one we asked for (an older deployment's late news) is not ours to record. */
function isOurs(c: CardCustomerRow, address: string): boolean {
  return !c.safeAddress || c.safeAddress.toLowerCase() === address.toLowerCase();
}

/**
 * The chain reports the wallet deployed (or its integrity status changed): recorded on the locked customer.
 */
export async function applySafeDeployed(
  tx: Db,
  c: CardCustomerRow,
  news: { address: string; accountStatus: number },
): Promise<CardCustomerRow> {
  if (!isOurs(c, news.address)) return c;
  if (c.safeState === "deployed" && c.accountStatus === news.accountStatus) return c;
  // The balance ledger starts with the wallet, in the same transaction (idempotent on later status news).
  if (c.currency) await openCustomerBalance(tx, { orgId: c.orgId, customerId: c.id, currency: c.currency });
  return saveProgress(tx, c, {
    safeState: "deployed",
    safeAddress: news.address,
    accountStatus: news.accountStatus,
    safeDeployedAt: c.safeDeployedAt ?? new Date(),
  });
}

/** The chain reports the deployment failed; a deployed wallet stays deployed. */
export async function applySafeFailed(
  tx: Db,
  c: CardCustomerRow,
  news: { address: string },
): Promise<CardCustomerRow> {
  if (!isOurs(c, news.address) || c.safeState === "deployed" || c.safeState === "failed") return c;
  return saveProgress(tx, c, { safeState: "failed" });
}
