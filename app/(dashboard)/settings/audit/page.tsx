import type { Metadata } from "next";
import Link from "next/link";
import { AuditFilterForm } from "@/components/audit/audit-filter-form";
import { AuditTable } from "@/components/audit/audit-table";
import { auditQuery, parseAuditFilters } from "@/components/audit/filters";
import { PageHeader } from "@/components/page-header";
import { AdminsOnly } from "@/components/team/admins-only";
import { Card, CardBody } from "@/components/ui/card";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import { listAuditEntries } from "@/server/team/audit-log";

export const metadata: Metadata = { title: "Audit log" };

const PAGE_SIZE = 50;
const description =
  "Every change made in the console or through the API: who, with which credential, from where, " +
  "and what changed.";

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ctx, user } = await requireSession();
  if (!can(user, "listAuditEntries")) {
    return (
      <>
        <PageHeader title="Audit log" description={description} />
        <AdminsOnly what="read the audit log" role={user.role} />
      </>
    );
  }
  const params = await searchParams;
  const filters = parseAuditFilters(params);
  const before =
    typeof params.before === "string" && /^[A-Za-z0-9_]{1,64}$/.test(params.before)
      ? params.before
      : undefined;
  const { entries, next_before } = await listAuditEntries({
    ctx,
    input: { ...filters, limit: PAGE_SIZE, before },
  });
  return (
    <>
      <PageHeader title="Audit log" description={description} />
      <div className="flex flex-col gap-6">
        <Card>
          <CardBody>
            <AuditFilterForm filters={filters} exportHref={`/settings/audit/export${auditQuery(filters)}`} />
          </CardBody>
        </Card>
        <Card>
          {entries.length === 0 ? (
            <p className="px-5 py-6 text-sm text-muted">No entries match these filters.</p>
          ) : (
            <AuditTable entries={entries} />
          )}
          {before || next_before ? (
            <nav
              aria-label="Audit log pages"
              className="flex justify-between border-t border-border px-5 py-3 text-sm"
            >
              {before ? (
                <Link href={`/settings/audit${auditQuery(filters)}`} className="font-medium underline">
                  Newest entries
                </Link>
              ) : (
                <span />
              )}
              {next_before ? (
                <Link
                  href={`/settings/audit${auditQuery(filters, { before: next_before })}`}
                  className="font-medium underline"
                >
                  Older entries
                </Link>
              ) : null}
            </nav>
          ) : null}
        </Card>
      </div>
    </>
  );
}
