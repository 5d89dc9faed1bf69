"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Action } from "@/lib/action-result";
import type { MemberView } from "@/lib/contracts/team";
import { ROLES, type Role } from "@/lib/scopes";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ACTIONS_COLUMN, TableHeader } from "@/components/ui/table";
import { useAction } from "@/components/use-action";
import { selectClass } from "./roles";

export interface MemberActions {
  changeRole: Action<{ userId: string; role: Role }, MemberView>;
  deactivate: Action<{ userId: string }, MemberView>;
  reactivate: Action<{ userId: string }, MemberView>;
}

function MemberRow({ member, me, actions }: { member: MemberView; me: boolean; actions: MemberActions }) {
  const router = useRouter();
  const changing = useAction(actions.changeRole);
  const deactivating = useAction(actions.deactivate);
  const reactivating = useAction(actions.reactivate);
  const [confirming, setConfirming] = useState(false);
  const error = changing.error ?? deactivating.error ?? reactivating.error;
  const active = member.status === "active";
  const done = (ok: boolean) => ok && router.refresh();

  return (
    <tr className="border-b border-border last:border-0 align-top" data-testid={`member-${member.email}`}>
      <td className="px-5 py-3">
        <div className="font-medium break-all">{member.email}</div>
        <div className="text-xs text-muted">
          {member.name ? `${member.name} · ` : ""}
          {member.two_factor_enabled ? "2FA on" : "2FA off"}
          {me ? " · you" : ""}
        </div>
        {error ? (
          <Alert tone="error" className="mt-2">
            {error.message}
          </Alert>
        ) : null}
      </td>
      <td className="px-3 py-3">
        <label className="sr-only" htmlFor={`role-${member.id}`}>
          Role of {member.email}
        </label>
        <select
          id={`role-${member.id}`}
          value={member.role}
          disabled={!active || changing.pending}
          onChange={async (e) =>
            done((await changing.run({ userId: member.id, role: e.target.value as Role })).ok)
          }
          className={`${selectClass} min-w-28`}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </td>
      <td className="px-3 py-3 text-sm">{active ? "Active" : "Deactivated"}</td>
      <td className="pr-5 pl-3 py-3 text-right">
        {active ? (
          confirming ? (
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                size="sm"
                variant="danger"
                disabled={deactivating.pending}
                onClick={async () => {
                  setConfirming(false);
                  done((await deactivating.run({ userId: member.id })).ok);
                }}
              >
                Deactivate {member.email}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
              Deactivate
            </Button>
          )
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={reactivating.pending}
            onClick={async () => done((await reactivating.run({ userId: member.id })).ok)}
          >
            Reactivate
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Members with their role and status; deactivating signs them out everywhere at once. */
export function MembersTable({
  members,
  currentUserId,
  actions,
}: {
  members: MemberView[];
  currentUserId: string;
  actions: MemberActions;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <TableHeader columns={["Member", "Role", "Status", ACTIONS_COLUMN]} />
        <tbody>
          {members.map((m) => (
            <MemberRow key={m.id} member={m} me={m.id === currentUserId} actions={actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
