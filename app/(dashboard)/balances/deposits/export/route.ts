import { parseDepositListParams } from "@/lib/contracts/deposit-list";
import { sessionCsvExport } from "@/server/action-kit/session-export";
import { streamMasterWalletDepositsCsv } from "@/server/issuer/master-wallet/deposit-list";

/**
 * The Balances page's deposits "Export CSV": every master-wallet deposit in the list's order, for
 * the signed-in user (any role: it is a read, the same use case as the list).
 */
export async function GET(request: Request): Promise<Response> {
  const { sort, dir } = parseDepositListParams(Object.fromEntries(new URL(request.url).searchParams));
  return sessionCsvExport({
    name: "deposits",
    filename: "master-wallet-deposits",
    rows: (ctx) => streamMasterWalletDepositsCsv({ ctx, input: { sort, dir } }),
  });
}
