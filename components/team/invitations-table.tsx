"use client";

import { useRouter } from "next/navigation";
import type { Action } from "@/lib/action-result";
import type { InvitationView } from "@/lib/contracts/team";
import { Button } from "@/components/ui/button";
import { ACTIONS_COLUMN, TableHeader } from "@/components/ui/table";
import { useAction } from "@/components/use-action";

function Row({
  invitation,
  revoke,
}: {
  invitation: InvitationView;
  revoke: Action<{ invitationId: string }, InvitationView>;
}) {
  const router = useRouter();
  const revoking = useAction(revoke);
  return (
    <tr className="border-b border-border last:border-0">
      <td className="px-5 py-3 break-all">{invitation.email}</td>
      <td className="px-3 py-3">{invitation.role}</td>
      <td className="px-3 py-3">
        {invitation.status}
        {invitation.status === "pending" ? (
          <span className="block text-xs text-muted">until {invitation.expires_at.slice(0, 10)}</span>
        ) : null}
      </td>
      <td className="pr-5 pl-3 py-3 text-right">
        {invitation.status === "pending" ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={revoking.pending}
            onClick={async () => (await revoking.run({ invitationId: invitation.id })).ok && router.refresh()}
          >
            Revoke
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

export function InvitationsTable({
  invitations,
  revoke,
}: {
  invitations: InvitationView[];
  revoke: Action<{ invitationId: string }, InvitationView>;
}) {
  if (invitations.length === 0) return <p className="px-5 py-4 text-sm text-muted">No invitations yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <TableHeader columns={["Email", "Role", "Status", ACTIONS_COLUMN]} />
        <tbody>
          {invitations.map((i) => (
            <Row key={i.id} invitation={i} revoke={revoke} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
