"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { formatTimestamp } from "@/components/ui/timestamp";
import { useAction } from "@/components/ui/use-action";
import type { Action } from "@/lib/action-result";
import type { InvitationView } from "@/lib/contracts/team";

/** An invitation's status as a person reads it. */
const INVITATION_STATUS: Record<InvitationView["status"], string> = {
  pending: "Pending",
  accepted: "Accepted",
  expired: "Expired",
  revoked: "Revoked",
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const ROW = "flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border px-5 py-3 last:border-0";

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
    <li className={ROW}>
      <div className="min-w-48 flex-1">
        <div className="font-medium break-words">{invitation.email}</div>
        <div className="text-xs text-muted">
          {capitalized(invitation.role)} · {INVITATION_STATUS[invitation.status]}
          {invitation.status === "pending"
            ? ` until ${formatTimestamp(invitation.expires_at, { seconds: false })}`
            : ""}
        </div>
      </div>
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
    </li>
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
    <ul className="text-sm">
      {invitations.map((i) => (
        <Row key={i.id} invitation={i} revoke={revoke} />
      ))}
    </ul>
  );
}
