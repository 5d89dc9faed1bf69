import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CardholderSignInForm } from "@/components/cardholder/sign-in-form";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { isSandbox } from "@/lib/env";
import { getCardholderSession } from "@/server/actions/cardholder-session";
import { requestCardholderCodeAction, verifyCardholderCodeAction } from "@/server/actions/cardholder-sign-in";
import { cardholderHome } from "@/server/cards/cardholder/program";
import { getMyAccount } from "@/server/cards/my-account";

export const metadata: Metadata = { title: "Sign in" };

/** Sign-in and sign-up in one: an email, then the code sent to it. */
export default async function CardholderSignInPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const session = await getCardholderSession(orgId);
  if (session) {
    const account = await getMyAccount({ ctx: session.ctx });
    redirect(cardholderHome(orgId, account.flow_status));
  }
  const sandbox = isSandbox();
  return (
    <Card>
      <CardHeader>
        <h1 className="text-xl font-semibold">Your card</h1>
        <p className="text-sm text-muted">
          Enter your email and we will send you a 6-digit code. New here? The same code starts your card
          application.
        </p>
      </CardHeader>
      <CardBody>
        {sandbox ? (
          <Alert tone="warning">
            Sandbox: no email is really sent. The code is in the dev outbox (dashboard → Sandbox).
          </Alert>
        ) : null}
        <CardholderSignInForm
          orgId={orgId}
          requestCode={requestCardholderCodeAction}
          verifyCode={verifyCardholderCodeAction}
        />
      </CardBody>
    </Card>
  );
}
