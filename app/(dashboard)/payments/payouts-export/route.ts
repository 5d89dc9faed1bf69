import { sessionCsvExport } from "@/server/action-kit/session-export";
import { parsePayoutPageQuery, streamPayoutsCsv } from "@/server/fiat/payouts/page";

/**
 * The Payouts list's "Export CSV": every payout its status filter selects, in its order, for the
 * signed-in user (any role: it is the read of GET /api/v1/wallet/payouts).
 */
export async function GET(request: Request): Promise<Response> {
  const { status, sort } = parsePayoutPageQuery(Object.fromEntries(new URL(request.url).searchParams), 1);
  return sessionCsvExport({
    name: "payouts",
    filename: "payouts",
    rows: (ctx) => streamPayoutsCsv({ ctx, input: { status, sort } }),
  });
}
