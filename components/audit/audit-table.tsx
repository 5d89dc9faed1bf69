import { cn } from "@/components/ui/cn";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { STACKED, TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { AuditEntry } from "@/lib/contracts/audit";
import { IdLink, WithIdLinks } from "./id-links";

function changes(e: AuditEntry): string {
  const keys = new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})]);
  const parts = [...keys].map((k) => {
    const from = e.before?.[k];
    const to = e.after?.[k];
    return from === undefined
      ? `${k}: ${JSON.stringify(to)}`
      : `${k}: ${JSON.stringify(from)} → ${JSON.stringify(to)}`;
  });
  return parts.join("; ");
}

const targetLabel = (type: string) => {
  const words = type.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Every change, newest first: who (and with which credential), what, on what, from where; every
 * id links to its page. On a phone each entry is a stacked block (when and what first).
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <ScrollRegion label="Audit log" hint={false}>
      <table className={cn("w-full text-left text-sm sm:min-w-[48rem]", STACKED.table)}>
        <TableHeader className={STACKED.head} columns={["When", "Who", "What", "Target", "From"]} />
        <tbody className={STACKED.body}>
          {entries.map((e) => (
            <tr
              key={e.id}
              className="border-b border-border align-top last:border-0 max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:px-5 max-sm:py-3"
            >
              <td
                className={cn(
                  "px-5 py-2.5 whitespace-nowrap",
                  STACKED.cell,
                  "max-sm:text-xs max-sm:text-muted",
                )}
              >
                <Timestamp iso={e.created_at} seconds={false} />
              </td>
              <td className={cn("px-3 py-2.5", STACKED.cell)}>
                <div className="break-words">
                  {e.actor_email ?? (e.actor_id ? <IdLink id={e.actor_id} /> : e.actor_type)}
                </div>
                <div className="text-xs text-muted">{e.credential_type ?? e.actor_type}</div>
              </td>
              <td className={cn("px-3 py-2.5", STACKED.cell)}>
                <div className="font-mono text-xs">{e.action}</div>
                {e.before || e.after ? (
                  <div className="text-xs text-muted break-all">
                    <WithIdLinks text={changes(e)} />
                  </div>
                ) : null}
              </td>
              <td className={cn("px-3 py-2.5", STACKED.cell)}>
                {e.target_type ? (
                  <div className="text-xs text-muted">{targetLabel(e.target_type)}</div>
                ) : null}
                {e.target_id ? <IdLink id={e.target_id} /> : null}
              </td>
              <td className={cn("py-2.5 pr-5 pl-3 text-xs", STACKED.cell)}>
                <div>
                  <span className="sm:hidden">From </span>
                  {e.ip ?? "—"}
                </div>
                {e.request_id ? <div className="font-mono break-all text-muted">{e.request_id}</div> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
