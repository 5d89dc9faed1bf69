import { PasswordForm } from "@/components/settings/password-form";
import { SessionsList } from "@/components/settings/sessions-list";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { changePasswordAction, revokeMySessionAction, signOutEverywhereAction } from "@/server/actions/team";
import type { listMySessions } from "@/server/team/sessions";

type OwnSessions = Awaited<ReturnType<typeof listMySessions>>["sessions"];

/**
 * A member's own password and sessions: on Settings -> Security and on the 2FA gate, which a
 * member who must still enrol reaches before anything else (docs/team.md).
 */
export function OwnAccountCards({ sessions }: { sessions: OwnSessions }) {
  return (
    <>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>
            Changing it signs out your other sessions and revokes your access tokens.
          </CardDescription>
        </CardHeader>
        <CardBody>
          <PasswordForm change={changePasswordAction} />
        </CardBody>
      </Card>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Your sessions</CardTitle>
          <CardDescription>Where you are signed in to the console.</CardDescription>
        </CardHeader>
        <CardBody>
          <SessionsList
            sessions={sessions}
            revoke={revokeMySessionAction}
            signOutEverywhere={signOutEverywhereAction}
          />
        </CardBody>
      </Card>
    </>
  );
}
