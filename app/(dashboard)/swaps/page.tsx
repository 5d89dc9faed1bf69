import type { Metadata } from "next";
import Link from "next/link";
import { SWAP_STATUS } from "@/components/crypto/labels";
import { LiveRefresh } from "@/components/crypto/live-refresh";
import { SwapForm } from "@/components/crypto/swap-form";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { PageNav } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import { explorerTxUrl, isChainId } from "@/lib/chains/chains";
import { can } from "@/lib/contracts/permissions";
import { SWAP_HISTORY_STATUSES, swapHistoryQuerySchema } from "@/lib/contracts/swaps";
import { requireSession } from "@/server/action-kit/session";
import { executeSwapAction, quoteSwapAction } from "@/server/actions/crypto";
import { swapHistory } from "@/server/swaps/history";
import { listWalletAssets } from "@/server/swaps/holdings";

export const metadata: Metadata = { title: "Swaps" };

const PAGE = 20;

/** A status filter link, drawn as a tab (the current one marked). */
const chip = (current: boolean) =>
  `rounded-md px-2.5 py-1 underline-offset-4 hover:bg-surface-muted hover:underline ${
    current ? "bg-surface-muted font-medium text-foreground" : "text-muted"
  }`;

function TxLink({ chain, hash }: { chain: string; hash: string | null }) {
  if (!hash || !isChainId(chain)) return <span className="text-muted">-</span>;
  return (
    <a
      href={explorerTxUrl(chain, hash)}
      target="_blank"
      rel="noreferrer"
      className="font-mono text-accent underline"
    >
      {hash.slice(0, 10)}...
    </a>
  );
}

export default async function SwapsPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  const { ctx, user } = await requireSession();
  const params = await searchParams;
  const parsed = swapHistoryQuerySchema.safeParse({ ...params, limit: PAGE });
  const query = parsed.success ? parsed.data : { limit: PAGE, offset: 0 };
  const [assets, history] = await Promise.all([
    listWalletAssets({ ctx }),
    swapHistory({ ctx, input: query }),
  ]);
  const held = assets.filter((a) => a.balance !== "0");
  const link = (over: Record<string, string | number | undefined>) => {
    const q = new URLSearchParams();
    const merged = { status: query.status, offset: query.offset, ...over };
    for (const [k, v] of Object.entries(merged)) if (v !== undefined && v !== 0) q.set(k, String(v));
    return `/swaps${q.size ? `?${q}` : ""}`;
  };
  return (
    <>
      <PageHeader
        title="Swaps"
        description={
          "Swap your master wallet's tokens across chains; a swap into USDCe, EURe or GBPe tops up that " +
          "currency's master wallet."
        }
      />
      <LiveRefresh active={history.swaps.some((s) => s.status === "pending" || s.status === "processing")} />
      <div className="flex flex-col gap-6">
        {can(user, "createSwapQuote") ? (
          <Card>
            <CardHeader>
              <CardTitle>New swap</CardTitle>
            </CardHeader>
            <CardBody>
              <SwapForm assets={assets} quote={quoteSwapAction} execute={executeSwapAction} />
            </CardBody>
          </Card>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>Master wallet tokens</CardTitle>
          </CardHeader>
          <ScrollRegion label="Master wallet tokens">
            <table className="w-full text-sm">
              <TableHeader columns={["Asset", "Chain", "Balance", "Address"]} />
              <tbody>
                {(held.length ? held : assets.slice(0, 0)).map((a) => (
                  <tr key={a.asset_id} className="border-b border-border last:border-0">
                    <td className="px-5 py-2">{a.ticker}</td>
                    <td className="px-3 py-2">{a.chain}</td>
                    <td className="px-3 py-2 tabular-nums">{a.balance}</td>
                    <td className="pr-5 pl-3 py-2 font-mono break-all">{a.address}</td>
                  </tr>
                ))}
                {held.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="px-5 py-4 text-muted">
                      No tokens held yet.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </ScrollRegion>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>History</CardTitle>
            <nav aria-label="Filter swaps by status" className="flex flex-wrap gap-1 text-sm">
              <Link
                href={link({ status: undefined, offset: 0 })}
                aria-current={!query.status ? "page" : undefined}
                className={chip(!query.status)}
              >
                All
              </Link>
              {SWAP_HISTORY_STATUSES.map((s) => (
                <Link
                  key={s}
                  href={link({ status: s, offset: 0 })}
                  aria-current={query.status === s ? "page" : undefined}
                  className={chip(query.status === s)}
                >
                  {SWAP_STATUS[s].label}
                </Link>
              ))}
            </nav>
          </CardHeader>
          <ScrollRegion label="Swap history">
            <table className="w-full text-sm">
              <TableHeader columns={["Created", "From", "To", "Status", "Source tx", "Destination tx"]} />
              <tbody>
                {history.swaps.map((s) => (
                  <tr key={s.swap_id} className="border-b border-border last:border-0" data-status={s.status}>
                    <td className="px-5 py-2">
                      <Timestamp iso={s.created_at} seconds={false} />
                    </td>
                    <td className="px-3 py-2">
                      {s.from_amount} {s.from_ticker} ({s.from_chain})
                    </td>
                    <td className="px-3 py-2">
                      {s.to_amount} {s.to_ticker} ({s.to_chain})
                    </td>
                    <td className="px-3 py-2">
                      <StatusBadge status={s.status} labels={SWAP_STATUS} />
                    </td>
                    <td className="px-3 py-2">
                      <TxLink chain={s.from_chain} hash={s.from_tx_hash} />
                    </td>
                    <td className="pr-5 pl-3 py-2">
                      <TxLink chain={s.to_chain} hash={s.to_tx_hash} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <PageNav
            label="Swap pages"
            page={Math.floor(query.offset / PAGE) + 1}
            total={history.total}
            limit={PAGE}
            noun={["swap", "swaps"]}
            href={(page) => link({ offset: (page - 1) * PAGE })}
          />
        </Card>
      </div>
    </>
  );
}
