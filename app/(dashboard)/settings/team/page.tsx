import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { AdminsOnly } from "@/components/team/admins-only";
import { InvitationsTable } from "@/components/team/invitations-table";
import { InviteForm } from "@/components/team/invite-form";
import { MembersTable } from "@/components/team/members-table";
import { RequireTwoFactor } from "@/components/team/require-two-factor";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { can } from "@/lib/contracts/permissions";
import { requireSession } from "@/server/action-kit/session";
import {
  changeMemberRoleAction,
  deactivateMemberAction,
  inviteMemberAction,
  reactivateMemberAction,
  revokeInvitationAction,
  updateSecuritySettingsAction,
} from "@/server/actions/team";
import { listInvitations } from "@/server/team/invitations";
import { listMembers } from "@/server/team/members";
import { getSecuritySettings } from "@/server/team/settings";

export const metadata: Metadata = { title: "Team" };

const description = "Who can use the console, with which role. Only admins manage the team.";

export default async function TeamPage() {
  const { ctx, user } = await requireSession();
  if (!can(user, "listMembers")) {
    return (
      <>
        <PageHeader title="Team" description={description} />
        <AdminsOnly what="manage the team" role={user.role} />
      </>
    );
  }
  const [{ members }, { invitations }, settings] = await Promise.all([
    listMembers({ ctx }),
    listInvitations({ ctx }),
    getSecuritySettings({ ctx }),
  ]);
  return (
    <>
      <PageHeader title="Team" description={description} />
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Invite a member</CardTitle>
            <CardDescription>
              They get an email with a link to choose a password and set up two-factor authentication.
            </CardDescription>
          </CardHeader>
          <CardBody>
            <InviteForm invite={inviteMemberAction} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Members</CardTitle>
            <CardDescription>
              A role change applies on the member&apos;s next click. Deactivating signs them out everywhere at
              once. The last admin cannot be demoted or deactivated.
            </CardDescription>
          </CardHeader>
          <MembersTable
            members={members}
            currentUserId={user.id}
            actions={{
              changeRole: changeMemberRoleAction,
              deactivate: deactivateMemberAction,
              reactivate: reactivateMemberAction,
            }}
          />
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Invitations</CardTitle>
          </CardHeader>
          <InvitationsTable invitations={invitations} revoke={revokeInvitationAction} />
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Security</CardTitle>
          </CardHeader>
          <CardBody>
            <RequireTwoFactor value={settings.require_two_factor} save={updateSecuritySettingsAction} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
