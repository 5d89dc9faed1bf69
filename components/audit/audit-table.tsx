import { ScrollRegion } from "@/components/ui/scroll-hint";
import { TableHeader } from "@/components/ui/table";
import { Timestamp } from "@/components/ui/timestamp";
import type { AuditEntry } from "@/lib/contracts/audit";

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

/** Every change, newest first: who (and with which credential), what, on what, from where. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <ScrollRegion label="Audit log">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <TableHeader columns={["When", "Who", "What", "Target", "From"]} />
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-border align-top last:border-0">
              <td className="px-5 py-2.5 whitespace-nowrap">
                <Timestamp iso={e.created_at} seconds={false} />
              </td>
              <td className="px-3 py-2.5">
                <div className="break-words">{e.actor_email ?? e.actor_id ?? e.actor_type}</div>
                <div className="text-xs text-muted">{e.credential_type ?? e.actor_type}</div>
              </td>
              <td className="px-3 py-2.5">
                <div className="font-mono text-xs">{e.action}</div>
                {e.before || e.after ? (
                  <div className="text-xs text-muted break-all">{changes(e)}</div>
                ) : null}
              </td>
              <td className="px-3 py-2.5">
                <div className="text-xs text-muted">{e.target_type}</div>
                <div className="font-mono text-xs break-all">{e.target_id}</div>
              </td>
              <td className="pr-5 pl-3 py-2.5 text-xs">
                <div>{e.ip ?? "—"}</div>
                {e.request_id ? <div className="font-mono text-muted break-all">{e.request_id}</div> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
