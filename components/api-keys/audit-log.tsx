import Link from "next/link";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Timestamp } from "../ui/timestamp";
import { auditActor, type AuditEntryView, describeAuditEntry } from "./audit-text";

interface AuditLogProps {
  entries: AuditEntryView[];
  /** The cursor of the next (older) page, if there is one. */
  olderHref: string | null;
  /** Set when this is not the first page. */
  newestHref: string | null;
}

/** Who did what to which key, when and from where (the rows the key services write). */
export function AuditLog({ entries, olderHref, newestHref }: AuditLogProps) {
  return (
    <Card id="audit-log" aria-labelledby="audit-title" className="scroll-mt-20">
      <CardHeader>
        <CardTitle id="audit-title">Audit log</CardTitle>
        <CardDescription>
          Every change to API keys: who made it, when, and from which IP address.
        </CardDescription>
      </CardHeader>
      {entries.length === 0 ? (
        <p className="px-5 py-6 text-sm text-muted">
          {newestHref
            ? "No older entries."
            : "Nothing yet. Creating, rotating or revoking a key, or changing its scopes, is recorded here."}
        </p>
      ) : (
        <ol className="divide-y divide-border">
          {entries.map((e) => (
            <li
              key={e.id}
              className={
                "flex flex-col gap-1 px-5 py-3 text-sm sm:flex-row sm:items-baseline " +
                "sm:justify-between sm:gap-6"
              }
            >
              <p className="min-w-0 break-words">
                <span className="font-medium">{auditActor(e)}</span> {describeAuditEntry(e)}
              </p>
              <p className="flex shrink-0 flex-wrap gap-x-2 text-xs text-muted sm:justify-end">
                <Timestamp iso={e.created_at} seconds={false} />
                <span aria-hidden>·</span>
                <span>{e.ip ? `from ${e.ip}` : "IP not recorded"}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
      {olderHref || newestHref ? (
        <nav
          aria-label="Audit log pages"
          className="flex justify-between gap-2 border-t border-border px-5 py-3 text-sm"
        >
          {newestHref ? (
            <Link href={newestHref} className="font-medium text-accent underline">
              Newest entries
            </Link>
          ) : (
            <span />
          )}
          {olderHref ? (
            <Link href={olderHref} className="font-medium text-accent underline">
              Older entries
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Card>
  );
}
