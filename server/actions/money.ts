"use server";

import { cardTransactionListQuerySchema } from "@/lib/contracts/card-transaction-query";
import { customerTargetSchema } from "@/lib/contracts/cards";
import { noInputSchema } from "@/lib/contracts/common";
import {
  customerTransactionsPageSchema,
  fundCustomerSchema,
  setThresholdSchema,
} from "@/lib/contracts/money";
import { overviewRangeSchema } from "@/lib/contracts/overview";
import { defineAction } from "@/server/action-kit/define-action";
import { getIssuerCustomer } from "@/server/cards/customers/view";
import { getAggregateBalances } from "@/server/issuer/aggregate-balances";
import { fundCustomer } from "@/server/issuer/funding/fund-customer";
import { listMasterWalletDeposits } from "@/server/issuer/master-wallet/deposits";
import { setLowBalanceThreshold } from "@/server/issuer/master-wallet/settings";
import { getMasterWallet } from "@/server/issuer/master-wallet/view";
import { listCardTransactions, listCustomerTransactions } from "@/server/issuer/transactions/list";
import { getOverviewInsights } from "@/server/overview/insights";
import { getDeclinesByReason, getTransactionVolume } from "@/server/overview/transactions";

/*
 * Overview, Transactions, Balances and a customer's money. The reads are what the pages poll
 * (TanStack Query, every few seconds) so lists and totals stay live; any signed-in user may read
 * (viewers included). Funding a customer moves money: operators and admins, behind the 2FA
 * step-up (docs/dashboard.md, Adding a guarded action). The alert threshold is a setting:
 * operators and admins.
 */

/** The overview's figures in one call: one round trip per refresh. */
export const overviewAction = defineAction(
  {
    input: overviewRangeSchema,
    can: [
      "getTransactionVolume",
      "getDeclinesByReason",
      "getAggregateBalances",
      "getMasterWallet",
      "getOverviewInsights",
    ],
    name: "overview",
  },
  async ({ ctx, input }) => {
    const [volume, declines, balances, masterWallet, insights] = await Promise.all([
      getTransactionVolume({ ctx, input }),
      getDeclinesByReason({ ctx, input }),
      getAggregateBalances({ ctx }),
      getMasterWallet({ ctx }),
      getOverviewInsights({ ctx, input }),
    ]);
    return { volume, declines, balances, masterWallet, insights };
  },
);

export const listTransactionsAction = defineAction(
  { input: cardTransactionListQuerySchema, can: "listCardTransactions", name: "listCardTransactions" },
  async ({ ctx, input }) => listCardTransactions({ ctx, input }),
);

export const customerTransactionsAction = defineAction(
  {
    input: customerTransactionsPageSchema,
    can: "listCustomerTransactions",
    name: "listCustomerTransactions",
  },
  async ({ ctx, input }) => listCustomerTransactions({ ctx, input }),
);

/** The balance fields of the customer view, for the customer page's live balance. */
export const customerBalanceAction = defineAction(
  { input: customerTargetSchema, can: "getIssuerCustomer", name: "customerBalance" },
  async ({ ctx, input }) => {
    const c = await getIssuerCustomer({ ctx, input: { customerId: input.svcCardId } });
    return {
      svc_card_id: c.svc_card_id,
      currency: c.currency,
      safe_deployed: c.safe_deployed,
      ledger_balance_minor: c.ledger_balance_minor,
      available_balance_minor: c.available_balance_minor,
      pending_balance_minor: c.pending_balance_minor,
      balance_freshness: c.balance_freshness,
      balance_updated_at: c.balance_updated_at,
    };
  },
);

const RECENT_DEPOSITS = 10;

/** The Balances page's figures: customer balances by currency, the master wallets, the latest deposits. */
export const balancesAction = defineAction(
  {
    input: noInputSchema,
    can: ["getAggregateBalances", "getMasterWallet", "listMasterWalletDeposits"],
    name: "balances",
  },
  async ({ ctx }) => {
    const [balances, masterWallet, deposits] = await Promise.all([
      getAggregateBalances({ ctx }),
      getMasterWallet({ ctx }),
      listMasterWalletDeposits({ ctx, input: { limit: RECENT_DEPOSITS } }),
    ]);
    return { balances, masterWallet, deposits: deposits.deposits };
  },
);

export const fundCustomerAction = defineAction(
  { input: fundCustomerSchema, can: "fundCustomer", name: "fundCustomer" },
  async ({ ctx, input }) => fundCustomer({ ctx, input }),
);

export const setLowBalanceThresholdAction = defineAction(
  { input: setThresholdSchema, can: "setLowBalanceThreshold", name: "setLowBalanceThreshold" },
  async ({ ctx, input }) => setLowBalanceThreshold({ ctx, input }),
);
