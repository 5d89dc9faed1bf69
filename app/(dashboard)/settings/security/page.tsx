import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { OwnAccountCards } from "@/components/settings/own-account-cards";
import { TwoFactorSetup } from "@/components/settings/two-factor-setup";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getSessionCtx } from "@/server/action-kit/session";
import {
  confirmTwoFactorEnrollmentAction,
  startTwoFactorEnrollmentAction,
} from "@/server/actions/two-factor";
import { pendingTwoFactorEnrollment, twoFactorStatus } from "@/server/auth/two-factor";
import { listMySessions } from "@/server/team/sessions";

export const metadata: Metadata = { title: "Security" };

export default async function SecurityPage() {
  // The enrolment, the password and the own sessions: reachable before 2FA (docs/team.md).
  const ctx = await getSessionCtx({ beforeTwoFactor: true });
  const status = await twoFactorStatus({ ctx });
  const pending = status.enabled ? null : await pendingTwoFactorEnrollment({ ctx });
  const { sessions } = await listMySessions({ ctx });
  return (
    <>
      <PageHeader
        title="Security"
        description="How you sign in to the console and confirm protected actions."
      />
      <Card>
        <CardHeader>
          <CardTitle>Two-factor authentication</CardTitle>
          <CardDescription>
            A 6-digit code from an authenticator app, asked at sign-in and before protected actions.
          </CardDescription>
        </CardHeader>
        <CardBody>
          {status.enabled ? (
            <p className="flex items-start gap-2 text-sm">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              <span>
                <strong>Two-factor authentication is on</strong> for {ctx.actor.email}. Each sign-in asks for
                a code from your app, and protected actions ask again at most every 5 minutes.
              </span>
            </p>
          ) : (
            <TwoFactorSetup
              pending={pending}
              start={startTwoFactorEnrollmentAction}
              confirm={confirmTwoFactorEnrollmentAction}
            />
          )}
        </CardBody>
      </Card>
      <OwnAccountCards sessions={sessions} />
    </>
  );
}
