import { OwnAccountCards } from "@/components/settings/own-account-cards";
import { TwoFactorSetupLazy as TwoFactorSetup } from "@/components/settings/two-factor-setup-lazy";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { UserCtx } from "@/server/action-kit/run-action";
import {
  confirmTwoFactorEnrollmentAction,
  startTwoFactorEnrollmentAction,
} from "@/server/actions/two-factor";
import { pendingTwoFactorEnrollment } from "@/server/auth/two-factor";
import { listMySessions } from "@/server/team/sessions";

/**
 * Shown by the layout instead of every page while the program requires 2FA and this user has none
 * (docs/team.md): all such a member may reach, and nothing of the organization. Every page's own
 * data read (requireSession) refuses them meanwhile.
 */
export async function TwoFactorRequired({ ctx }: { ctx: UserCtx }) {
  const [pending, { sessions }] = await Promise.all([
    pendingTwoFactorEnrollment({ ctx }),
    listMySessions({ ctx }),
  ]);
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>
            <span role="heading" aria-level={1}>
              Set up two-factor authentication to continue
            </span>
          </CardTitle>
          <CardDescription>
            Your program requires it for every member. It takes a minute with an authenticator app.
          </CardDescription>
        </CardHeader>
        <CardBody>
          <TwoFactorSetup
            pending={pending}
            start={startTwoFactorEnrollmentAction}
            confirm={confirmTwoFactorEnrollmentAction}
          />
        </CardBody>
      </Card>
      <OwnAccountCards sessions={sessions} />
    </>
  );
}
