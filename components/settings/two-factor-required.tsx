import { TwoFactorSetupLazy as TwoFactorSetup } from "@/components/settings/two-factor-setup-lazy";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { UserCtx } from "@/server/actions/run-action";
import {
  confirmTwoFactorEnrollmentAction,
  startTwoFactorEnrollmentAction,
} from "@/server/actions/two-factor";
import { pendingTwoFactorEnrollment } from "@/server/auth/two-factor";

/** Shown instead of every page while the program requires 2FA and this user has none (docs/team.md). */
export async function TwoFactorRequired({ ctx }: { ctx: UserCtx }) {
  const pending = await pendingTwoFactorEnrollment({ ctx });
  return (
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
  );
}
