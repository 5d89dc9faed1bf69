import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { appUrl } from "@/lib/env";
import { getOptionalSession } from "@/server/action-kit/session";
import { beginSignIn } from "@/server/actions/sign-in";
import { safeCallbackPath } from "./callback-path";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl, new URL(appUrl()).origin);
  // Signed in is enough: a member who must enrol 2FA is shown the enrolment there.
  if (await getOptionalSession({ beforeTwoFactor: true })) redirect(callbackUrl);
  const error = typeof params.error === "string" ? params.error : undefined;
  return (
    <Card>
      <CardHeader>
        <h1 className="text-xl font-semibold">Sign in</h1>
        <p className="text-sm text-muted">The console of your card program.</p>
      </CardHeader>
      <CardBody>
        <SignInForm beginSignIn={beginSignIn} callbackUrl={callbackUrl} initialError={error} />
      </CardBody>
    </Card>
  );
}
