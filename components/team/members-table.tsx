"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { MemberView } from "@/lib/contracts/team";
import { type Role, ROLES } from "@/lib/scopes";
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
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border px-5 py-3 last:border-0"
      data-testid={`member-${member.email}`}
    >
      <div className="min-w-48 flex-1">
        <div className="font-medium break-words">{member.email}</div>
        <div className="text-xs text-muted">
          {member.name ? `${member.name} · ` : ""}
          {member.two_factor_enabled ? "2FA on" : "2FA off"}
          {me ? " · you" : ""} · <span className="text-foreground">{active ? "Active" : "Deactivated"}</span>
        </div>
      </div>
      <div className="w-32">
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
          className={selectClass}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div className="flex justify-end">
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
      </div>
      {error ? (
        <Alert tone="error" className="basis-full">
          {error.message}
        </Alert>
      ) : null}
    </li>
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
    <ul className="text-sm">
      {members.map((m) => (
        <MemberRow key={m.id} member={m} me={m.id === currentUserId} actions={actions} />
      ))}
    </ul>
  );
}
