"use client";

import { KeyRound } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { ScrollRegion } from "@/components/ui/scroll-hint";
import { ACTIONS_COLUMN, TableHeader } from "@/components/ui/table";
import type { ApiKeyView } from "@/lib/contracts/api-keys";
import { KeyActions } from "./key-actions";
import { Expiry, KeyPrefix, ScopeBadges, StatusBadge, When } from "./key-cells";
import type { KeyDialog } from "./types";

interface KeyListProps {
  keys: ApiKeyView[];
  /** Keys past their expiry, decided by the server at render time (so the browser agrees). */
  expiredIds: readonly string[];
  /** False when the admin has no 2FA yet: the keys are listed, but nothing can be changed. */
  canManage: boolean;
  onAction: (dialog: KeyDialog) => void;
}

function KeyName({ apiKey }: { apiKey: ApiKeyView }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className="font-medium break-words">{apiKey.name}</span>
      <KeyPrefix apiKey={apiKey.api_key} />
    </div>
  );
}

/**
 * A table where there is room for one (lg and up); below that, a card per key with the same
 * facts as labelled lines. Revoked keys stay listed for the record, greyed and without actions.
 */
export function KeyList({ keys, expiredIds, canManage, onAction }: KeyListProps) {
  if (keys.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
        <KeyRound className="size-6 text-muted" aria-hidden />
        <p className="font-medium">No API keys yet</p>
        <p className="max-w-sm text-sm text-muted">
          Your servers need an API key to call the API. Create one for each system, with only the scopes it
          needs.
        </p>
      </div>
    );
  }
  const actionable = (k: ApiKeyView) => canManage && k.status === "active";
  // Revoked keys stay for the record, below the ones in use.
  const ordered = [
    ...keys.filter((k) => k.status === "active"),
    ...keys.filter((k) => k.status === "revoked"),
  ];
  return (
    <>
      <ScrollRegion label="API keys" className="hidden lg:block" hint={false}>
        <table className="w-full text-left text-sm">
          <TableHeader
            columns={[
              "Name and key",
              "Scopes",
              "Created",
              "Last used",
              "Expires",
              "Status",
              ...(canManage ? [ACTIONS_COLUMN] : []),
            ]}
          />
          <tbody className="divide-y divide-border">
            {ordered.map((k) => (
              <tr key={k.id} className={cn("align-top", k.status === "revoked" && "text-muted")}>
                <td className="min-w-40 px-5 py-3">
                  <KeyName apiKey={k} />
                </td>
                <td className="min-w-44 px-3 py-3">
                  <ScopeBadges scopes={k.permissions} />
                </td>
                <td className="px-3 py-3">
                  <When iso={k.created_at} />
                </td>
                <td className="px-3 py-3">
                  <When iso={k.last_used_at} withTime />
                </td>
                <td className="px-3 py-3">
                  <Expiry iso={k.expires_at} expired={expiredIds.includes(k.id)} />
                </td>
                <td className="px-3 py-3">
                  <StatusBadge status={k.status} />
                </td>
                {canManage ? (
                  <td className="py-2.5 pr-5 pl-3">
                    {actionable(k) ? <KeyActions apiKey={k} onAction={onAction} compact /> : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <ul className="divide-y divide-border lg:hidden">
        {ordered.map((k) => (
          <li
            key={k.id}
            className={cn("flex flex-col gap-3 px-4 py-4 sm:px-5", k.status === "revoked" && "text-muted")}
          >
            <div className="flex items-start justify-between gap-3">
              <KeyName apiKey={k} />
              <StatusBadge status={k.status} />
            </div>
            <ScopeBadges scopes={k.permissions} />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Created</dt>
              <dd>
                <When iso={k.created_at} />
              </dd>
              <dt className="text-muted">Last used</dt>
              <dd>
                <When iso={k.last_used_at} withTime />
              </dd>
              <dt className="text-muted">Expires</dt>
              <dd>
                <Expiry iso={k.expires_at} expired={expiredIds.includes(k.id)} />
              </dd>
            </dl>
            {actionable(k) ? <KeyActions apiKey={k} onAction={onAction} compact={false} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
