import { Download, Plus } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { DisputeTable } from "@/components/disputes/dispute-table";
import { disputesHref, parseDisputeFilters } from "@/components/disputes/filters";
import { DISPUTE_STATUS_TEXT } from "@/components/disputes/labels";
import { requestTime } from "@/components/disputes/respond-by";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { PageNav } from "@/components/ui/pager";
import { can } from "@/lib/contracts/permissions";
import { DISPUTE_STATUS_VALUES } from "@/lib/enums";
import { isSandbox } from "@/lib/env";
import { requireSession } from "@/server/action-kit/session";
import { listDisputes } from "@/server/issuer/disputes/read";

export const metadata: Metadata = { title: "Disputes" };

const PER_PAGE = 20;

export default async function DisputesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, user } = await requireSession();
  const f = parseDisputeFilters(await searchParams);
  const list = await listDisputes({ ctx, input: { ...f, limit: PER_PAGE } });
  const now = requestTime();
  const filtered = Boolean(f.status || f.customer_id || f.transaction_id);
  return (
    <>
      <PageHeader
        title="Disputes"
        description={
          "Disputed purchases and their deadlines. An open dispute is answered within 30 days of its " +
          "filing; a won dispute credits the customer's balance."
        }
      >
        <Button asChild variant="secondary" size="sm">
          <Link href={disputesHref(f, { page: 1 }, "/disputes/export")} prefetch={false}>
            <Download className="size-4" aria-hidden />
            Export CSV
          </Link>
        </Button>
        {can(user, "fileDispute") ? (
          <Button asChild size="sm">
            <Link href="/disputes/new">
              <Plus className="size-4" aria-hidden />
              New dispute
            </Link>
          </Button>
        ) : null}
      </PageHeader>
      <nav aria-label="Dispute status" className="mb-3 flex flex-wrap gap-2">
        {[undefined, ...DISPUTE_STATUS_VALUES].map((s) => (
          <Link
            key={s ?? "all"}
            href={disputesHref(f, { status: s })}
            aria-current={s === f.status ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm",
              s === f.status
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
            No disputes{filtered ? " match these filters" : " yet"}.
          </p>
        ) : (
          <DisputeTable
            disputes={list.disputes}
            sort={f.sort}
            sortHref={(sort) => disputesHref(f, { sort })}
            now={now}
            sandbox={isSandbox()}
          />
        )}
        <PageNav
          label="Dispute pages"
          page={list.page}
          total={list.total}
          limit={list.limit}
          noun={["dispute", "disputes"]}
          href={(page) => disputesHref(f, { page })}
        />
      </Card>
    </>
  );
}
