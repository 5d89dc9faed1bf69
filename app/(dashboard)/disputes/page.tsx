import type { Metadata } from "next";
import Link from "next/link";
import { customerHref } from "@/components/customers/filters";
import { DecideButtons } from "@/components/disputes/decide-buttons";
import { DISPUTE_REASON_TEXT, DISPUTE_STATUS_TEXT } from "@/components/disputes/labels";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { LocalTime } from "@/components/ui/local-time";
import { ScrollHint } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import { DISPUTE_STATUS_VALUES, type DisputeListQuery } from "@/lib/contracts/disputes";
import { isSandbox } from "@/lib/env";
import { formatMinor } from "@/lib/money";
import { requireSession } from "@/server/action-kit/session";
import { listDisputes } from "@/server/issuer/disputes/read";

export const metadata: Metadata = { title: "Disputes" };

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v.trim() : undefined);

export default async function DisputesPage({ searchParams }: { searchParams: Promise<Params> }) {
  const { ctx } = await requireSession();
  const params = await searchParams;
  const statusParam = one(params.status);
  const status = (DISPUTE_STATUS_VALUES as readonly string[]).includes(statusParam ?? "")
    ? (statusParam as DisputeListQuery["status"])
    : undefined;
  const transactionId = one(params.transaction_id)?.slice(0, 64) || undefined;
  const pageNumber = Math.max(1, Math.min(100_000, Number(one(params.page)) || 1));
  const list = await listDisputes({
    ctx,
    input: { status, transaction_id: transactionId, page: pageNumber },
  });
  const sandbox = isSandbox();
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  const href = (change: { status?: string; page?: number }) => {
    const q = new URLSearchParams();
    const s = "status" in change ? change.status : status;
    if (s) q.set("status", s);
    if (transactionId) q.set("transaction_id", transactionId);
    if (change.page && change.page > 1) q.set("page", String(change.page));
    return `/disputes${q.size ? `?${q}` : ""}`;
  };
  return (
    <>
      <PageHeader
        title="Disputes"
        description={
          "Disputed purchases, newest first. File one from a settled purchase's sheet on Transactions; a " +
          "won dispute credits the customer's balance."
        }
      />
      <nav aria-label="Dispute status" className="mb-3 flex flex-wrap gap-2">
        {[undefined, ...DISPUTE_STATUS_VALUES].map((s) => (
          <Link
            key={s ?? "all"}
            href={href({ status: s })}
            aria-current={s === status ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm",
              s === status
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border hover:bg-surface-muted",
            )}
          >
            {s ? DISPUTE_STATUS_TEXT[s] : "All"}
          </Link>
        ))}
      </nav>
      <Card aria-label="Disputes">
        {list.disputes.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-muted">
            No disputes{status ? " with this status" : " yet"}.
          </p>
        ) : (
          <>
            <ScrollHint />
            <div className="overflow-x-auto">
              <table className="w-full min-w-[44rem] text-left text-sm">
                <TableHeader
                  columns={["Purchase", "Reason", "Status", "Filed", ...(sandbox ? ["Sandbox"] : [])]}
                />
                <tbody className="divide-y divide-border">
                  {list.disputes.map((d) => (
                    <tr key={d.dispute_id} data-dispute-id={d.dispute_id}>
                      <td className="px-5 py-3">
                        <span className="block font-medium">
                          {d.merchant ?? "Unknown merchant"} · {formatMinor(d.amount_minor, d.currency)}
                        </span>
                        <Link
                          href={customerHref(d.svc_card_id)}
                          className="font-mono text-xs text-accent hover:underline"
                        >
                          {d.svc_card_id}
                        </Link>
                      </td>
                      <td className="max-w-64 px-3 py-3">
                        <span className="block">{DISPUTE_REASON_TEXT[d.reason_code] ?? d.reason_code}</span>
                        <span className="block truncate text-xs text-muted" title={d.description}>
                          {d.description}
                        </span>
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap">{DISPUTE_STATUS_TEXT[d.status]}</td>
                      <td className="px-3 py-3">
                        <LocalTime iso={d.created_at} className="whitespace-nowrap" />
                      </td>
                      {sandbox ? (
                        <td className="py-3 pr-5 pl-3">
                          <DecideButtons dispute={d} />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <nav
          aria-label="Dispute pages"
          className="flex items-center justify-between gap-2 border-t border-border px-5 py-3 text-sm"
        >
          <span className="text-muted">
            Page {list.page} of {pages} · {list.total.toLocaleString("en-GB")}{" "}
            {list.total === 1 ? "dispute" : "disputes"}
          </span>
          <span className="flex gap-2">
            {list.page > 1 ? (
              <Button asChild variant="secondary" size="sm">
                <Link href={href({ page: list.page - 1 })}>Newer</Link>
              </Button>
            ) : null}
            {list.page < pages ? (
              <Button asChild variant="secondary" size="sm">
                <Link href={href({ page: list.page + 1 })}>Older</Link>
              </Button>
            ) : null}
          </span>
        </nav>
      </Card>
    </>
  );
}
